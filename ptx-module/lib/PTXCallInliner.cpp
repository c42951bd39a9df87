//===- PTXCallInliner.cpp - .func bodies expanded at their calls ----------===//
//
// ptx-inline lowers one block of PTX, which cannot call; a PTX module's
// device functions (.func) are therefore expanded where they are called,
// before the kernel body is rewritten (PTXModuleParser.cpp):
//
//   { .param .b64 param0; st.param.b64 [param0], %rd1;
//     .param .b32 retval0;
//     call.uni (retval0), f, (param0);
//     ld.param.b32 %r2, [retval0]; }
//
// becomes, in place of the `call` statement and on its line,
//
//   { <f's body: f_param_0 -> param0, func_retval0 -> retval0, its labels
//      made unique, `ret` -> `bra.uni <end label>`> <end label>: }
//
// The braces make f's registers its own (ptx-inline scopes registers); the
// caller's `.param` variables are frame slots that f's `ld.param`/`st.param`
// read and write. Calls inside f are expanded first. Recursion, indirect
// calls and guarded calls are errors at the call. Calls of functions without
// a body in the module (vprintf, malloc, free, __assertfail) stay as they
// are: ptx-inline calls those (ptx-inline/lib/PTXCallIR.cpp).
//
//===----------------------------------------------------------------------===//

#include "PTXModuleInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <regex>

using namespace llvm;

namespace rubicon::ptxmodule {
namespace {

/// Replaces every whole identifier From by To.
void renameIdentifier(std::string &Text, StringRef From, StringRef To) {
  for (size_t At = Text.find(From.str()); At != std::string::npos;
       At = Text.find(From.str(), At)) {
    bool Before = At > 0 && (isIdentBody(Text[At - 1]) || Text[At - 1] == '.' ||
                             Text[At - 1] == '%');
    bool After = At + From.size() < Text.size() &&
                 isIdentBody(Text[At + From.size()]);
    if (Before || After) {
      At += From.size();
      continue;
    }
    Text.replace(At, From.size(), To.str());
    At += To.size();
  }
}

std::vector<std::string> splitNames(StringRef List) {
  SmallVector<StringRef> Parts;
  List.split(Parts, ',', -1, false);
  std::vector<std::string> Names;
  for (StringRef P : Parts)
    if (!P.trim().empty())
      Names.push_back(P.trim().str());
  return Names;
}

class Inliner {
public:
  Inliner(const StringMap<Callee> &Callees) : Callees(Callees) {}

  /// Expands the calls of Body (cleaned text), whose first character is at
  /// Start in the module. Stack: the functions being expanded.
  Error expand(std::string &Body, Location Start,
               std::vector<std::string> &Stack) {
    // `[@guard] call[.uni] [(rets),] target [, (args)] [, proto];`
    static const std::regex Call(
        R"((@!?%?[\w$]+\s+)?\bcall(\.uni)?\s*(\(([^()]*)\)\s*,)?\s*([%\w$]+)\s*(,\s*\(([^()]*)\))?\s*(,\s*[\w$]+)?\s*;)");
    std::string Out;
    size_t Done = 0;
    for (std::sregex_iterator It(Body.begin(), Body.end(), Call), End;
         It != End; ++It) {
      const std::smatch &M = *It;
      size_t At = M.position(0);
      if (At > 0 && (isIdentBody(Body[At - 1]) || Body[At - 1] == '.'))
        continue;
      Location L = locate(Body, At + M.length(1), Start);
      std::string Target = M[5];
      // A function without a body here (vprintf, malloc, free,
      // __assertfail): the call stays, for ptx-inline (PTXCallIR.cpp).
      auto F = Callees.find(Target);
      if (Target[0] != '%' && !M[8].matched &&
          (F == Callees.end() || !F->second.Defined))
        continue;
      if (M[1].matched)
        return errorAt(L, "guarded calls are not supported in PTX modules yet");
      if (Target[0] == '%' || M[8].matched)
        return errorAt(L, "indirect calls are not supported in PTX modules");
      const Callee &C = F->second;
      for (const std::string &Active : Stack)
        if (Active == Target)
          return errorAt(L, "recursive calls ('" + Target +
                                "') are not supported in PTX modules");
      std::vector<std::string> Rets = splitNames(M[4].str()),
                               Args = splitNames(M[7].str());
      if (Rets.size() != C.Returns.size() || Args.size() != C.Params.size())
        return errorAt(L, "call of '" + Target + "' with " +
                              std::to_string(Args.size()) + " arguments and " +
                              std::to_string(Rets.size()) +
                              " results; it takes " +
                              std::to_string(C.Params.size()) + " and " +
                              std::to_string(C.Returns.size()));
      std::string Expanded = C.Body;
      Stack.push_back(Target);
      // Errors inside the callee are reported where they are in it.
      if (Error E = expand(Expanded, C.BodyLoc, Stack))
        return E;
      Stack.pop_back();
      unsigned Id = NextId++;
      std::string Suffix = "_rubicon_inl" + std::to_string(Id);
      std::string EndLabel = "$__rubicon_ret" + std::to_string(Id);
      // The callee's labels and call variables become its own at this call
      // (a .param of its calls must not capture the names its parameters
      // are renamed to).
      for (const std::string &Label : C.Labels)
        renameIdentifier(Expanded, Label, Label + Suffix);
      for (const std::string &Variable : C.CallVariables)
        renameIdentifier(Expanded, Variable, Variable + Suffix);
      for (size_t I = 0; I < Args.size(); ++I)
        renameIdentifier(Expanded, C.Params[I], Args[I]);
      for (size_t I = 0; I < Rets.size(); ++I)
        renameIdentifier(Expanded, C.Returns[I], Rets[I]);
      static const std::regex Ret(R"((^|[;{}\s:])ret(\.uni)?\s*;)");
      Expanded = std::regex_replace(Expanded, Ret, "$1bra.uni " + EndLabel + ";");
      for (char &Ch : Expanded)
        if (Ch == '\n' || Ch == '\r')
          Ch = ' ';
      Out.append(Body, Done, At - Done);
      Out += "{ " + Expanded + " " + EndLabel + ": }";
      // The call's own line breaks stay, so later lines keep their numbers.
      Out.append(std::count(M[0].first, M[0].second, '\n'), '\n');
      Done = At + M.length(0);
    }
    Out.append(Body, Done, std::string::npos);
    Body = std::move(Out);
    return Error::success();
  }

private:
  const StringMap<Callee> &Callees;
  unsigned NextId = 0;

  static Location locate(StringRef Text, size_t Offset, Location Start) {
    Location L = Start;
    for (size_t I = 0; I < Offset && I < Text.size(); ++I) {
      if (Text[I] == '\n') {
        ++L.Line;
        L.Column = 1;
      } else {
        ++L.Column;
      }
    }
    return L;
  }
};

} // namespace

std::vector<std::string> labelsOf(StringRef Body) {
  static const std::regex Label(R"((^|[;{}\s])([\w$]+)\s*:)");
  std::vector<std::string> Labels;
  std::string Text = Body.str();
  for (std::sregex_iterator It(Text.begin(), Text.end(), Label), End; It != End;
       ++It)
    Labels.push_back((*It)[2]);
  return Labels;
}

std::vector<std::string> callVariablesOf(StringRef Body) {
  static const std::regex Param(
      R"((^|[;{}\s])\.param\s[^;]*?([\w$]+)\s*(\[[^\]]*\])?\s*;)");
  std::vector<std::string> Names;
  std::string Text = Body.str();
  for (std::sregex_iterator It(Text.begin(), Text.end(), Param), End; It != End;
       ++It)
    Names.push_back((*It)[2]);
  return Names;
}

Error inlineCalls(std::string &Body, Location Start,
                  const StringMap<Callee> &Callees) {
  if (Body.find("call") == std::string::npos)
    return Error::success();
  Inliner I(Callees);
  std::vector<std::string> Stack;
  return I.expand(Body, Start, Stack);
}

} // namespace rubicon::ptxmodule
