//===- PTXParserTest.cpp - the inline-PTX parser --------------------------===//

#include "rubicon/PTX/PTXParser.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>

using namespace rubicon::ptx;

namespace {

Block parseOk(std::string_view Text) {
  ParseResult R = parsePTX(Text);
  EXPECT_TRUE(bool(R)) << "parsing `" << Text
                       << "` failed: " << (R ? "" : R.error().str());
  return R ? R.block() : Block{};
}

ParseError parseFails(std::string_view Text) {
  ParseResult R = parsePTX(Text);
  EXPECT_FALSE(bool(R)) << "`" << Text << "` parsed but should not";
  return R ? ParseError{} : R.error();
}

std::vector<Instruction> instructions(const Block &B) {
  std::vector<Instruction> Out;
  for (const Statement &S : B.Statements)
    if (auto *I = std::get_if<Instruction>(&S))
      Out.push_back(*I);
  return Out;
}

Instruction single(std::string_view Text) {
  Block B = parseOk(Text);
  auto Insts = instructions(B);
  EXPECT_EQ(Insts.size(), 1u);
  return Insts.empty() ? Instruction{} : Insts.front();
}

const RegisterRef &reg(const Operand &Op) {
  return std::get<RegisterRef>(Op.Value);
}

TEST(PTXParser, SimpleInstructionWithPlaceholders) {
  Instruction I = single("add.s32 $0, $1, $2;");
  EXPECT_EQ(I.opcode(), PTXOpcode::AddInt);
  ASSERT_EQ(I.Types.size(), 1u);
  EXPECT_EQ(I.Types[0], PTXType::S32);
  ASSERT_EQ(I.Operands.size(), 3u);
  for (unsigned N = 0; N < 3; ++N) {
    EXPECT_EQ(reg(I.Operands[N]).RefKind, RegisterRef::Kind::Placeholder);
    EXPECT_EQ(reg(I.Operands[N]).PlaceholderIndex, N);
  }
  EXPECT_EQ(parseOk("add.s32 $0, $1, $2;").NumPlaceholders, 3u);
}

TEST(PTXParser, FloatRowChosenByType) {
  EXPECT_EQ(single("add.rn.f32 $0, $1, $2;").opcode(), PTXOpcode::AddFloat);
  EXPECT_EQ(single("add.u64 $0, $1, $2;").opcode(), PTXOpcode::AddInt);
  EXPECT_EQ(single("min.f64 $0, $1, $2;").opcode(), PTXOpcode::MinFloat);
}

TEST(PTXParser, ModifiersInAnyOrder) {
  Instruction A = single("ld.global.cs.v2.f32 {$0, $1}, [$2];");
  Instruction B = single("ld.cs.v2.global.f32 {$0, $1}, [$2];");
  EXPECT_EQ(A.opcode(), PTXOpcode::Ld);
  EXPECT_EQ(B.opcode(), PTXOpcode::Ld);
  for (const Instruction *I : {&A, &B}) {
    EXPECT_TRUE(I->has(PTXModifier::Global));
    EXPECT_TRUE(I->has(PTXModifier::CacheStreaming));
    EXPECT_TRUE(I->has(PTXModifier::V2));
    EXPECT_FALSE(I->has(PTXModifier::Shared));
  }
  Instruction C = single("mul.wide.u32 $0, $1, $2;");
  EXPECT_TRUE(C.has(PTXModifier::Wide));
  Instruction D = single("cvt.f32.s32.rz $0, $1;");
  EXPECT_EQ(D.Types, (std::vector<PTXType>{PTXType::F32, PTXType::S32}));
  EXPECT_TRUE(D.has(PTXModifier::Rz));
}

TEST(PTXParser, TypeOrderIsKept) {
  Instruction I = single("cvt.rzi.s64.f64 $0, $1;");
  EXPECT_EQ(I.Types, (std::vector<PTXType>{PTXType::S64, PTXType::F64}));
  EXPECT_EQ(I.find(PTXModifierCategory::IntegerRounding), PTXModifier::Rzi);
}

TEST(PTXParser, FixedPartAfterModifiers) {
  // match.any.sync.b32: the row is match.sync, .any a modifier before .sync.
  Instruction Match = single("match.any.sync.b32 $0, $1, 0xffffffff;");
  EXPECT_EQ(Match.opcode(), PTXOpcode::MatchSync);
  EXPECT_TRUE(Match.has(PTXModifier::Any));
  EXPECT_EQ(single("match.all.sync.b64 $0, $1, $2;").opcode(),
            PTXOpcode::MatchSync);
  // Still an error when no fixed part makes a known mnemonic.
  parseFails("match.any.b32 $0, $1, $2;");
}

TEST(PTXParser, DottedMnemonics) {
  EXPECT_EQ(single("cp.async.ca.shared.global [$0], [$1], 16;").opcode(),
            PTXOpcode::CpAsync);
  EXPECT_EQ(single("cp.async.wait_group 0;").opcode(),
            PTXOpcode::CpAsyncWaitGroup);
  EXPECT_EQ(single("cp.async.commit_group;").opcode(),
            PTXOpcode::CpAsyncCommitGroup);
  EXPECT_EQ(single("bar.warp.sync $0;").opcode(), PTXOpcode::BarWarpSync);
  Instruction Shfl = single("shfl.sync.bfly.b32 $0, $1, $2, $3, $4;");
  EXPECT_EQ(Shfl.opcode(), PTXOpcode::ShflSync);
  EXPECT_TRUE(Shfl.has(PTXModifier::Bfly));
  EXPECT_EQ(single("barrier.sync.aligned 0;").opcode(), PTXOpcode::BarrierSync);
}

TEST(PTXParser, GuardPredicates) {
  Block B = parseOk(".reg .pred p; @p add.s32 $0, $1, 1; @!p mov.b32 $0, 0;");
  auto Insts = instructions(B);
  ASSERT_EQ(Insts.size(), 2u);
  ASSERT_TRUE(Insts[0].Predicate);
  EXPECT_EQ(Insts[0].Predicate->Predicate.Name, "p");
  EXPECT_FALSE(Insts[0].Predicate->Predicate.Negated);
  ASSERT_TRUE(Insts[1].Predicate);
  EXPECT_TRUE(Insts[1].Predicate->Predicate.Negated);
}

TEST(PTXParser, RegisterDeclarationsAndRanges) {
  Block B = parseOk(".reg .b32 %r<3>, t; .reg .pred p, q;"
                    "add.s32 %r2, %r0, t;");
  ASSERT_GE(B.Statements.size(), 3u);
  auto &D = std::get<RegisterDeclaration>(B.Statements[0]);
  EXPECT_EQ(D.Type, PTXType::B32);
  EXPECT_EQ(D.Names, (std::vector<std::string>{"%r0", "%r1", "%r2", "t"}));
  auto &P = std::get<RegisterDeclaration>(B.Statements[1]);
  EXPECT_EQ(P.Type, PTXType::Pred);
  EXPECT_EQ(P.Names, (std::vector<std::string>{"p", "q"}));
  Instruction I = instructions(B)[0];
  EXPECT_EQ(reg(I.Operands[0]).Name, "%r2");
  EXPECT_EQ(reg(I.Operands[2]).Name, "t");
}

TEST(PTXParser, ScopesShadowAndClose) {
  Block B = parseOk("{ .reg .b32 t; mov.b32 t, $1; { .reg .b32 t; "
                    "mov.b32 t, 2; } mov.b32 $0, t; }");
  auto Insts = instructions(B);
  ASSERT_EQ(Insts.size(), 3u);
  std::string Outer = reg(Insts[0].Operands[0]).Name;
  std::string Inner = reg(Insts[1].Operands[0]).Name;
  EXPECT_NE(Outer, Inner);
  EXPECT_EQ(reg(Insts[2].Operands[1]).Name, Outer);
  // A register declared in a closed scope is gone.
  ParseError E = parseFails("{ .reg .b32 t; } mov.b32 $0, t;");
  EXPECT_EQ(E.Message, "use of undeclared register 't'");
  EXPECT_EQ(E.Position.Column, 30u);
}

TEST(PTXParser, LabelsAndBranches) {
  Block B = parseOk("{ .reg .pred p; setp.lt.s32 p, $1, 5; @p bra "
                    "L${:uid}; add.s32 $0, $0, 1; L${:uid}: }");
  auto Insts = instructions(B);
  ASSERT_EQ(Insts.size(), 3u);
  EXPECT_EQ(Insts[1].opcode(), PTXOpcode::Bra);
  EXPECT_EQ(std::get<LabelRef>(Insts[1].Operands[0].Value).Name, "L${:uid}");
  bool SawLabel = false;
  for (auto &S : B.Statements)
    if (auto *L = std::get_if<Label>(&S))
      SawLabel = L->Name == "L${:uid}";
  EXPECT_TRUE(SawLabel);
  // Backward branch to an earlier label, `bra.uni`.
  parseOk("LOOP: bra.uni LOOP;");
  ParseError E = parseFails("bra DONE;");
  EXPECT_EQ(E.Message, "use of undefined label 'DONE'");
  EXPECT_EQ(E.Position.Column, 5u);
  EXPECT_EQ(parseFails("A: A: exit;").Message, "redefinition of label 'A'");
}

TEST(PTXParser, VectorOperands) {
  Instruction I = single("mov.b64 $0, {$1, $2};");
  auto &V = std::get<VectorOperand>(I.Operands[1].Value);
  ASSERT_EQ(V.Elements.size(), 2u);
  EXPECT_EQ(std::get<RegisterRef>(V.Elements[1]).PlaceholderIndex, 2u);
  Instruction U = single("mov.b64 {$0, _}, $1;");
  auto &W = std::get<VectorOperand>(U.Operands[0].Value);
  EXPECT_EQ(std::get<RegisterRef>(W.Elements[1]).RefKind,
            RegisterRef::Kind::Sink);
}

TEST(PTXParser, AddressOperands) {
  Instruction I = single("ld.global.u32 $0, [$1+16];");
  auto &A = std::get<AddressOperand>(I.Operands[1].Value);
  ASSERT_TRUE(A.Base);
  EXPECT_EQ(A.Base->PlaceholderIndex, 1u);
  EXPECT_EQ(A.Offset, 16);
  auto &B = std::get<AddressOperand>(
      single("st.shared.u32 [$0-8], $1;").Operands[0].Value);
  EXPECT_EQ(B.Offset, -8);
  auto &C =
      std::get<AddressOperand>(single("ld.u32 $0, [$1+-4];").Operands[1].Value);
  EXPECT_EQ(C.Offset, -4);
  auto &D =
      std::get<AddressOperand>(single("ld.u32 $0, [$1];").Operands[1].Value);
  EXPECT_EQ(D.Offset, 0);
  auto &E =
      std::get<AddressOperand>(single("ld.u32 $0, [0x100];").Operands[1].Value);
  EXPECT_FALSE(E.Base);
  EXPECT_EQ(E.Offset, 0x100);
}

TEST(PTXParser, IntegerImmediates) {
  auto Imm = [](std::string_view Text) {
    Instruction I = single(Text);
    return std::get<IntegerImmediate>(I.Operands[2].Value).Value;
  };
  EXPECT_EQ(Imm("add.s32 $0, $1, 42;"), 42u);
  EXPECT_EQ(Imm("add.s32 $0, $1, -1;"), ~uint64_t(0));
  EXPECT_EQ(Imm("add.u32 $0, $1, 0xFFFFFFFF;"), 0xFFFFFFFFu);
  EXPECT_EQ(Imm("add.u32 $0, $1, 0b101;"), 5u);
  EXPECT_EQ(Imm("add.u32 $0, $1, 017;"), 15u);
  EXPECT_EQ(Imm("add.u32 $0, $1, 7U;"), 7u);
  EXPECT_EQ(parseFails("add.u32 $0, $1, 99999999999999999999;").Message,
            "integer literal '99999999999999999999' does not fit in 64 bits");
  EXPECT_EQ(parseFails("add.u32 $0, $1, 12ab;").Message,
            "malformed integer literal '12ab'");
}

TEST(PTXParser, FloatImmediates) {
  auto Imm = [](std::string_view Text) {
    Instruction I = single(Text);
    return std::get<FloatImmediate>(I.Operands[2].Value);
  };
  FloatImmediate One = Imm("add.f32 $0, $1, 0f3F800000;");
  EXPECT_FALSE(One.IsDouble);
  EXPECT_EQ(One.Bits, 0x3F800000u);
  FloatImmediate MinusOne = Imm("add.f32 $0, $1, -0f3F800000;");
  EXPECT_EQ(MinusOne.Bits, 0xBF800000u);
  FloatImmediate D = Imm("add.f64 $0, $1, 0d3FF0000000000000;");
  EXPECT_TRUE(D.IsDouble);
  EXPECT_EQ(D.Bits, 0x3FF0000000000000u);
  FloatImmediate Dec = Imm("add.f64 $0, $1, 2.5;");
  EXPECT_EQ(Dec.Bits, std::bit_cast<uint64_t>(2.5));
  FloatImmediate Exp = Imm("add.f64 $0, $1, 1e3;");
  EXPECT_EQ(Exp.Bits, std::bit_cast<uint64_t>(1000.0));
  ParseError E = parseFails("add.f32 $0, $1, 0f3F80;");
  EXPECT_EQ(E.Message, "malformed floating-point literal '0f3F80': '0f' must "
                       "be followed by exactly 8 hexadecimal digits");
  EXPECT_EQ(E.Position.Column, 17u);
}

TEST(PTXParser, SpecialRegisters) {
  Instruction I = single("mov.u32 $0, %tid.x;");
  EXPECT_EQ(reg(I.Operands[1]).RefKind, RegisterRef::Kind::Special);
  EXPECT_EQ(reg(I.Operands[1]).Special, PTXSpecialRegister::TidX);
  for (auto [Text, Expected] :
       {std::pair{"%ntid.y", PTXSpecialRegister::NtidY},
        {"%ctaid.z", PTXSpecialRegister::CtaidZ},
        {"%nctaid.x", PTXSpecialRegister::NctaidX},
        {"%laneid", PTXSpecialRegister::LaneId},
        {"%warpid", PTXSpecialRegister::WarpId},
        {"%nwarpid", PTXSpecialRegister::NWarpId},
        {"%smid", PTXSpecialRegister::SmId},
        {"%nsmid", PTXSpecialRegister::NSmId},
        {"%lanemask_lt", PTXSpecialRegister::LanemaskLt},
        {"%clock", PTXSpecialRegister::Clock},
        {"%dynamic_smem_size", PTXSpecialRegister::DynamicSmemSize}}) {
    Instruction M = single(std::string("mov.u32 $0, ") + Text + ";");
    EXPECT_EQ(reg(M.Operands[1]).Special, Expected) << Text;
  }
  Instruction C = single("mov.u64 $0, %clock64;");
  EXPECT_EQ(reg(C.Operands[1]).Special, PTXSpecialRegister::Clock64);
  EXPECT_EQ(bitWidth(PTXSpecialRegister::Clock64), 64u);
  EXPECT_EQ(parseFails("mov.u32 $0, %foo;").Message,
            "use of undeclared register '%foo'");
}

TEST(PTXParser, CommentsAndSeveralInstructions) {
  Block B = parseOk("// leading comment\n"
                    "add.s32 $0, $1, $2; /* inline */ sub.s32 $0, $0, 1;\n\t"
                    "mul.lo.s32 $0, $0, $0; // trailing\n");
  auto Insts = instructions(B);
  ASSERT_EQ(Insts.size(), 3u);
  EXPECT_EQ(Insts[1].opcode(), PTXOpcode::SubInt);
  EXPECT_EQ(Insts[2].Position.Line, 3u);
  EXPECT_EQ(Insts[2].Position.Column, 2u);
  EXPECT_EQ(parseFails("add.s32 $0, $1, $2; /* open").Message,
            "unterminated comment");
  EXPECT_TRUE(parseOk("").Statements.empty());
  EXPECT_TRUE(parseOk("  // nothing\n").Statements.empty());
}

TEST(PTXParser, PredicatePairsAndNegatedSources) {
  Block B = parseOk(".reg .pred p, q, r; setp.lt.and.s32 p|q, $1, $2, !r;");
  Instruction S = instructions(B)[0];
  auto &Pair = std::get<PredicatePair>(S.Operands[0].Value);
  EXPECT_EQ(Pair.First.Name, "p");
  EXPECT_EQ(Pair.Second.Name, "q");
  EXPECT_TRUE(reg(S.Operands[3]).Negated);
  EXPECT_TRUE(S.has(PTXModifier::And));
  EXPECT_TRUE(S.has(PTXModifier::Lt));
}

TEST(PTXParser, ErrorUnknownInstruction) {
  ParseError E = parseFails("add.s32 $0, $1, $2;\n  foo.b32 $0, $1;");
  EXPECT_EQ(E.Message, "unknown instruction 'foo'");
  EXPECT_EQ(E.Position.Line, 2u);
  EXPECT_EQ(E.Position.Column, 3u);
  EXPECT_EQ(E.Position.Offset, 22u);
  EXPECT_EQ(E.str(), "2:3: unknown instruction 'foo'");
}

TEST(PTXParser, ErrorInvalidType) {
  ParseError E = parseFails("popc.s32 $0, $1;");
  EXPECT_EQ(E.Message, "'.s32' is not a valid type for 'popc'");
  EXPECT_EQ(E.Position.Column, 5u);
  EXPECT_EQ(parseFails("add.b32 $0, $1, $2;").Message,
            "'.b32' is not a valid type for 'add'");
  EXPECT_EQ(parseFails("add $0, $1, $2;").Message,
            "'add' requires a type (such as '.b32')");
  EXPECT_EQ(parseFails("cvt.f32 $0, $1;").Message,
            "'cvt' requires 2 type modifiers, found 1");
  EXPECT_EQ(parseFails("add.s32.s32 $0, $1, $2;").Message,
            "unexpected type '.s32': 'add' takes 1 type modifier");
  EXPECT_EQ(parseFails("slct.s32.u32 $0, $1, $2, $3;").Message,
            "'.u32' is not a valid source type for 'slct'");
}

TEST(PTXParser, ErrorInvalidModifier) {
  ParseError E = parseFails("popc.sat.b32 $0, $1;");
  EXPECT_EQ(E.Message, "'.sat' is not a valid modifier for 'popc'");
  EXPECT_EQ(E.Position.Column, 5u);
  EXPECT_EQ(parseFails("add.frob.s32 $0, $1, $2;").Message,
            "unknown modifier '.frob' for 'add'");
  EXPECT_EQ(parseFails("add.rn.rz.f32 $0, $1, $2;").Message,
            "conflicting modifiers '.rn' and '.rz'");
  EXPECT_EQ(parseFails("add.sat.sat.s32 $0, $1, $2;").Message,
            "duplicate modifier '.sat'");
}

TEST(PTXParser, VideoOperandSelectors) {
  Instruction Scalar = single(".reg .b32 %r2;\n"
                              "vadd.u32.u32.u32.sat $0.b1, $1.h1, %r2.b3, $3;");
  ASSERT_EQ(Scalar.Operands.size(), 4u);
  ASSERT_TRUE(Scalar.Operands[0].Selector);
  EXPECT_EQ(Scalar.Operands[0].Selector->ElementBits, 8u);
  EXPECT_EQ(Scalar.Operands[0].Selector->Digits, std::vector<uint8_t>{1});
  EXPECT_EQ(Scalar.Operands[0].Selector->Position.Line, 2u);
  EXPECT_EQ(Scalar.Operands[0].Selector->Position.Column, 24u);
  EXPECT_EQ(Scalar.Operands[1].Selector->ElementBits, 16u);
  EXPECT_EQ(Scalar.Operands[2].Selector->Digits, std::vector<uint8_t>{3});
  EXPECT_EQ(reg(Scalar.Operands[2]).Name, "%r2");
  EXPECT_FALSE(Scalar.Operands[3].Selector);

  Instruction Simd4 = single("vmax4.u32.u32.u32 $0.b31, $1.b7430, $2, $3;");
  ASSERT_TRUE(Simd4.Operands[1].Selector);
  EXPECT_EQ(Simd4.Operands[1].Selector->Digits,
            (std::vector<uint8_t>{7, 4, 3, 0}));
  EXPECT_EQ(Simd4.Operands[1].Selector->laneSource(0), 0u);
  EXPECT_EQ(Simd4.Operands[1].Selector->laneSource(3), 7u);
  EXPECT_TRUE(Simd4.Operands[0].Selector->masks(3));
  EXPECT_FALSE(Simd4.Operands[0].Selector->masks(2));
  EXPECT_FALSE(Simd4.Operands[2].Selector);
  Instruction Simd2 =
      single("vsub2.s32.s32.s32.sat $0.h0, $1.h10, $2.h32, $0;");
  EXPECT_EQ(Simd2.Operands[2].Selector->Digits, (std::vector<uint8_t>{3, 2}));
  // A space ends the operand: `.b0` after whitespace is not a selector.
  EXPECT_EQ(parseFails("vadd.u32.u32.u32 $0, $1 .b0, $2;").Message,
            "expected ';' after 'vadd' instruction, found '.b0'");
}

TEST(PTXParser, ErrorVideoOperandSelectors) {
  ParseError E = parseFails("add.u32 $0, $1.b0, $2;");
  EXPECT_EQ(E.Message, "operand selector '.b0' is not valid on 'add': only "
                       "video instructions take operand selectors");
  EXPECT_EQ(E.Position.Column, 15u);
  EXPECT_EQ(parseFails("vadd.u32.u32.u32 $0, $1.b4, $2;").Message,
            "operand selector '.b4' is not valid on 'vadd': expected one of "
            "'.b0' '.b1' '.b2' '.b3' '.h0' '.h1'");
  EXPECT_EQ(parseFails("vadd.u32.u32.u32 $0, $1.h10, $2;").Message,
            "operand selector '.h10' is not valid on 'vadd': expected one of "
            "'.b0' '.b1' '.b2' '.b3' '.h0' '.h1'");
  EXPECT_EQ(parseFails("vadd.u32.u32.u32 $0, $1.x, $2;").Message,
            "unknown operand selector '.x' (video instructions take "
            "'.b0'..'.b3', '.h0'/'.h1' and SIMD lane selectors)");
  EXPECT_EQ(parseFails("vadd.u32.u32.u32 $0.b0, $1, $2;").Message,
            "operand selector '.b0' is not valid on 'vadd': merging into a "
            "part of d needs operand c and no secondary operation");
  EXPECT_EQ(parseFails("vadd.u32.u32.u32.add $0.h1, $1, $2, $3;").Message,
            "operand selector '.h1' is not valid on 'vadd': merging into a "
            "part of d needs operand c and no secondary operation");
  EXPECT_EQ(parseFails("vmin.u32.u32.u32.min $0, $1, $2, $3.b0;").Message,
            "operand selector '.b0' is not valid on 'vmin': operand c takes "
            "no selector");
  EXPECT_EQ(parseFails("vadd2.u32.u32.u32 $0.h01, $1, $2, $3;").Message,
            "operand selector '.h01' is not valid on 'vadd2': the mask is "
            "'.h0', '.h1' or '.h10'");
  EXPECT_EQ(parseFails("vadd2.u32.u32.u32 $0, $1.h4, $2, $3;").Message,
            "operand selector '.h4' is not valid on 'vadd2': expected '.hxy' "
            "with x, y in 0..3");
  EXPECT_EQ(parseFails("vadd2.u32.u32.u32 $0, $1.b10, $2, $3;").Message,
            "operand selector '.b10' is not valid on 'vadd2': the lanes of "
            "'vadd2' are half-words ('.h')");
  EXPECT_EQ(parseFails("vadd4.u32.u32.u32 $0.b13, $1, $2, $3;").Message,
            "operand selector '.b13' is not valid on 'vadd4': the mask names "
            "distinct bytes 0..3 in descending order ('.b0' .. '.b3210')");
  EXPECT_EQ(parseFails("vadd4.u32.u32.u32 $0.b4, $1, $2, $3;").Message,
            "operand selector '.b4' is not valid on 'vadd4': the mask names "
            "distinct bytes 0..3 in descending order ('.b0' .. '.b3210')");
  EXPECT_EQ(parseFails("vavrg4.u32.u32.u32 $0, $1.b8765, $2, $3;").Message,
            "operand selector '.b8765' is not valid on 'vavrg4': expected "
            "'.bxyzw' with x, y, z, w in 0..7");
  EXPECT_EQ(parseFails("vavrg4.u32.u32.u32 $0, $1.b765, $2, $3;").Message,
            "operand selector '.b765' is not valid on 'vavrg4': expected "
            "'.bxyzw' with x, y, z, w in 0..7");
}

TEST(PTXParser, ErrorOperands) {
  ParseError E = parseFails("add.s32 $0, $1;");
  EXPECT_EQ(E.Message, "'add' expects 3 operands, found 2");
  EXPECT_EQ(parseFails("add.s32 $0, $1, $2").Message,
            "expected ';' after 'add' instruction, found end of input");
  EXPECT_EQ(parseFails("add.s32 $0, $1, ;").Message,
            "expected an operand, found ';'");
  EXPECT_EQ(parseFails("ld.u32 $0, [$1+x];").Message,
            "expected an integer offset, found 'x'");
  EXPECT_EQ(parseFails("mov.b64 $0, {$1, $2;").Message,
            "expected '}' to close the vector operand, found ';'");
  EXPECT_EQ(parseFails("add.s32 $0, $1, #;").Message,
            "expected an operand, found '#'");
  EXPECT_EQ(parseFails("add.s32 $0, $1, $2; #").Message,
            "unexpected character '#'");
}

TEST(PTXParser, ErrorDeclarationsAndScopes) {
  EXPECT_EQ(parseFails(".reg .b32 a, a;").Message,
            "redefinition of register 'a'");
  EXPECT_EQ(parseFails(".reg a;").Message,
            "expected a register type after '.reg', found 'a'");
  EXPECT_EQ(parseFails(".shared .b32 s;").Message,
            "unsupported directive '.shared' in inline PTX (only '.reg' "
            "declarations are allowed)");
  EXPECT_EQ(parseFails("{ add.s32 $0, $1, $2;").Message,
            "expected '}' to close the scope opened here");
  EXPECT_EQ(parseFails("}").Message, "'}' without a matching '{'");
  EXPECT_EQ(parseFails(".reg .b32 r<0>;").Message,
            "expected a register count between 1 and 65536, found '0'");
}

TEST(PTXParser, EveryTableRowIsReachableByItsMnemonic) {
  // The table is consistent: each row's mnemonic is known and every row has
  // at least one accepted type unless it takes none.
  for (const PTXInstructionInfo &Row : instructionTable()) {
    EXPECT_TRUE(isMnemonic(Row.Mnemonic));
    EXPECT_EQ(Row.Types.empty(), Row.MaxTypes == 0) << Row.Mnemonic;
    EXPECT_LE(Row.MinTypes, Row.MaxTypes) << Row.Mnemonic;
    EXPECT_LE(Row.MinOperands, Row.MaxOperands) << Row.Mnemonic;
  }
}

TEST(PTXParser, GarbageNeverCrashes) {
  // A small deterministic fuzz: random bytes and random token soups must
  // produce a result or an error, never a crash.
  const char *Pieces[] = {"add", ".s32", "$0",  ",",       ";",    "{",
                          "}",   "[",    "]",   "@",       "!",    "p",
                          "|",   "-",    "0f",  "0x",      ".reg", ".pred",
                          "bra", "L:",   "%r<", ">",       "/*",   "//",
                          "\n",  "+",    "12",  "mov.b64", "_"};
  uint32_t State = 12345;
  auto Next = [&] {
    State = State * 1103515245u + 12345u;
    return State >> 8;
  };
  for (int Round = 0; Round < 3000; ++Round) {
    std::string Text;
    int Length = Next() % 24;
    for (int I = 0; I < Length; ++I) {
      if (Next() % 5 == 0)
        Text += char(Next() % 128);
      else
        Text += std::string(Pieces[Next() % std::size(Pieces)]) + " ";
    }
    ParseResult R = parsePTX(Text);
    if (!R) {
      EXPECT_FALSE(R.error().Message.empty());
      EXPECT_LE(R.error().Position.Offset, Text.size());
    }
  }
}

} // namespace
