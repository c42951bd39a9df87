//===- PTXTableMain.cpp - print the PTX instruction table -----------------===//
//
// rubicon-ptx-table --markdown            prints the supported-instruction
//                                          table generated from
//                                          PTXInstructions.def
// rubicon-ptx-table --markdown --update F  replaces the generated section of
//                                          F (between the BEGIN/END markers)
// rubicon-ptx-table --markdown --check F   exits 1 if F's section is stale
//
//===----------------------------------------------------------------------===//

#include "rubicon/PTX/PTXTable.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

using namespace rubicon::ptx;

namespace {

constexpr std::string_view BeginMarker =
    "<!-- BEGIN GENERATED: rubicon-ptx-table --markdown -->";
constexpr std::string_view EndMarker =
    "<!-- END GENERATED: rubicon-ptx-table --markdown -->";

std::string joinTypes(PTXTypeSet Set) {
  std::string Out;
  for (unsigned I = 0; I != NumPTXTypes; ++I)
    if (Set.contains(PTXType(I))) {
      if (!Out.empty())
        Out += " ";
      Out += "`" + std::string(spelling(PTXType(I))) + "`";
    }
  return Out.empty() ? "—" : Out;
}

std::string joinModifiers(PTXModifierSet Set) {
  std::string Out;
  for (unsigned I = 0; I != NumPTXModifiers; ++I)
    if (Set.contains(PTXModifier(I))) {
      if (!Out.empty())
        Out += " ";
      Out += "`" + std::string(spelling(PTXModifier(I))) + "`";
    }
  return Out.empty() ? "—" : Out;
}

std::string markdownTable() {
  std::ostringstream Out;
  Out << BeginMarker << "\n";
  unsigned Implemented = 0, Total = 0;
  for (const PTXInstructionInfo &Row : instructionTable()) {
    ++Total;
    Implemented += Row.Implemented;
  }
  Out << "\n"
      << Implemented << " of " << Total
      << " table rows are translated to LLVM IR; the parser accepts all of "
         "them.\n";
  bool First = true;
  PTXFamily Family{};
  for (const PTXInstructionInfo &Row : instructionTable()) {
    if (First || Row.Family != Family) {
      Family = Row.Family;
      First = false;
      Out << "\n### " << name(Family) << "\n\n"
          << "| Instruction | IR | Types | Source types | Modifiers | "
             "Operands |\n"
          << "|---|---|---|---|---|---|\n";
    }
    std::string Operands = std::to_string(Row.MinOperands);
    if (Row.MaxOperands != Row.MinOperands)
      Operands += "–" + std::to_string(Row.MaxOperands);
    Out << "| `" << Row.Mnemonic << "` | " << (Row.Implemented ? "yes" : "no")
        << " | " << joinTypes(Row.Types) << " | "
        << (Row.MaxTypes > 1 ? joinTypes(Row.SourceTypes) : "—") << " | "
        << joinModifiers(Row.Modifiers) << " | " << Operands << " |\n";
  }
  Out << "\n" << EndMarker << "\n";
  return Out.str();
}

bool readFile(const std::string &Path, std::string &Contents) {
  std::ifstream In(Path);
  if (!In)
    return false;
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  Contents = Buffer.str();
  return true;
}

/// Replaces the marked section of Document; false if the markers are absent.
bool spliceTable(std::string &Document, const std::string &Table) {
  size_t Begin = Document.find(BeginMarker);
  size_t End = Document.find(EndMarker);
  if (Begin == std::string::npos || End == std::string::npos || End < Begin)
    return false;
  size_t EndLine = Document.find('\n', End);
  EndLine = EndLine == std::string::npos ? Document.size() : EndLine + 1;
  Document.replace(Begin, EndLine - Begin, Table);
  return true;
}

int usage() {
  std::cerr << "usage: rubicon-ptx-table --markdown [--update FILE | --check "
               "FILE]\n";
  return 2;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Mode, Path;
  bool Markdown = false;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    if (Arg == "--markdown")
      Markdown = true;
    else if ((Arg == "--update" || Arg == "--check") && I + 1 < Argc)
      Mode = Arg, Path = Argv[++I];
    else
      return usage();
  }
  if (!Markdown)
    return usage();
  std::string Table = markdownTable();
  if (Mode.empty()) {
    std::cout << Table;
    return 0;
  }
  std::string Document;
  if (!readFile(Path, Document)) {
    std::cerr << "rubicon-ptx-table: cannot read '" << Path << "'\n";
    return 1;
  }
  std::string Updated = Document;
  if (!spliceTable(Updated, Table)) {
    std::cerr << "rubicon-ptx-table: '" << Path << "' has no " << BeginMarker
              << " ... " << EndMarker << " section\n";
    return 1;
  }
  if (Mode == "--check") {
    if (Updated != Document) {
      std::cerr << "rubicon-ptx-table: the table in '" << Path
                << "' is stale; run `ninja ptx-inline-docs`\n";
      return 1;
    }
    return 0;
  }
  std::ofstream Out(Path);
  Out << Updated;
  return Out ? 0 : 1;
}
