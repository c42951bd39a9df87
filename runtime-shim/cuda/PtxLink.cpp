//===- PtxLink.cpp - PTX inputs of cuLink* linked as one module -----------===//
//
// Part of Rubicon. See PtxLink.h.
//
//===----------------------------------------------------------------------===//

#include "PtxLink.h"

#include <algorithm>
#include <regex>

namespace rubicon::driver {

namespace {
constexpr const char *SystemCalls[] = {"vprintf", "malloc", "free",
                                       "__assertfail"};

/// The text up to its NUL, if any (PTX handed over as a C string).
std::string_view untilNul(std::string_view Text) {
  return Text.substr(0, Text.find('\0'));
}

size_t lineCount(std::string_view Text) {
  return size_t(std::count(Text.begin(), Text.end(), '\n'));
}
} // namespace

bool ptxNeedsLink(std::string_view Text) {
  static const std::regex Extern(
      R"(\.extern\s+(\.global|\.const)\b|\.extern\s+\.func\s*(\([^)]*\))?\s*([A-Za-z_$%][\w$]*))");
  std::string Body(untilNul(Text));
  for (std::sregex_iterator It(Body.begin(), Body.end(), Extern), End;
       It != End; ++It) {
    const std::smatch &M = *It;
    if (M[1].matched)
      return true;
    if (std::find(std::begin(SystemCalls), std::end(SystemCalls),
                  M[3].str()) == std::end(SystemCalls))
      return true;
  }
  return false;
}

std::string joinPtxInputs(const std::vector<PtxLinkInput> &Inputs) {
  std::string Joined;
  for (const PtxLinkInput &Input : Inputs) {
    Joined += untilNul(Input.Text);
    Joined += '\n';
  }
  return Joined;
}

std::string namePtxLogLocations(const std::string &Log,
                                const std::vector<PtxLinkInput> &Inputs) {
  // The joined module's line where each input starts (1-based).
  std::vector<size_t> First;
  size_t Line = 1;
  for (const PtxLinkInput &Input : Inputs) {
    First.push_back(Line);
    Line += lineCount(untilNul(Input.Text)) + 1;
  }
  static const std::regex Location(R"(<ptx>:(\d+):(\d+))");
  std::string Out;
  size_t Done = 0;
  for (std::sregex_iterator It(Log.begin(), Log.end(), Location), End;
       It != End; ++It) {
    const std::smatch &M = *It;
    size_t At = size_t(M.position(0));
    Out.append(Log, Done, At - Done);
    Done = At + size_t(M.length(0));
    size_t Joined = std::stoul(M[1].str());
    size_t I = size_t(std::upper_bound(First.begin(), First.end(), Joined) -
                      First.begin());
    if (I == 0) {
      Out += M.str();
      continue;
    }
    Out += Inputs[I - 1].Name + ":" + std::to_string(Joined - First[I - 1] + 1) +
           ":" + M[2].str();
  }
  Out.append(Log, Done, std::string::npos);
  return Out;
}

} // namespace rubicon::driver
