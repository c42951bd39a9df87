//===- NvccOptionsTest.cpp - nvcc command-line parsing --------------------===//

#include "rubicon/NvccOptions.h"

#include <gtest/gtest.h>

using namespace rubicon;

namespace {

DriverOptions parseOK(std::vector<std::string> Args) {
  DriverOptions Opts;
  std::optional<std::string> Error = parseNvccCommandLine(Args, Opts);
  EXPECT_FALSE(Error) << *Error;
  return Opts;
}

std::string parseError(std::vector<std::string> Args) {
  DriverOptions Opts;
  std::optional<std::string> Error = parseNvccCommandLine(Args, Opts);
  EXPECT_TRUE(Error);
  return Error.value_or("");
}

TEST(NvccOptions, CompileWithOutput) {
  DriverOptions Opts = parseOK({"-c", "a.cu", "-o", "a.o"});
  EXPECT_EQ(Opts.Phase, FinalPhase::Compile);
  EXPECT_EQ(Opts.OutputFile, "a.o");
  ASSERT_EQ(Opts.Inputs.size(), 1u);
  EXPECT_EQ(Opts.Inputs[0].Kind, InputKind::Cuda);
}

TEST(NvccOptions, ValueSpellings) {
  // -o f, -o=f, --output-file f, --output-file=f all mean the same.
  for (std::vector<std::string> Args :
       {std::vector<std::string>{"-o", "x"}, {"-o=x"}, {"--output-file", "x"},
        {"--output-file=x"}}) {
    Args.push_back("a.cu");
    EXPECT_EQ(parseOK(Args).OutputFile, "x");
  }
}

TEST(NvccOptions, JoinedValues) {
  DriverOptions Opts = parseOK({"-Iinc", "-I", "inc2", "-DFOO=1", "-UBAR", "-O2",
                                "-lm", "-L/opt/lib", "-isystem", "sys", "a.cu"});
  EXPECT_EQ(Opts.IncludeDirs, (std::vector<std::string>{"inc", "inc2"}));
  EXPECT_EQ(Opts.MacroArgs, (std::vector<std::string>{"-DFOO=1", "-UBAR"}));
  EXPECT_EQ(Opts.HostOptLevel, 2u);
  EXPECT_EQ(Opts.Libraries, (std::vector<std::string>{"m"}));
  EXPECT_EQ(Opts.LibraryDirs, (std::vector<std::string>{"/opt/lib"}));
  EXPECT_EQ(Opts.SystemIncludeDirs, (std::vector<std::string>{"sys"}));
}

TEST(NvccOptions, ExactNamesWinOverJoinedPrefixes) {
  // -lineinfo is an option, not -l ineinfo.
  DriverOptions Opts = parseOK({"-lineinfo", "a.cu"});
  EXPECT_TRUE(Opts.LineInfo);
  EXPECT_TRUE(Opts.Libraries.empty());
}

TEST(NvccOptions, CudaArchitectures) {
  EXPECT_EQ(parseOK({"-arch=sm_80", "a.cu"}).CudaArchs, (std::vector<unsigned>{80}));
  EXPECT_EQ(parseOK({"-arch", "compute_86", "a.cu"}).CudaArchs,
            (std::vector<unsigned>{86}));
  // Old architectures stay accepted: real projects still name them.
  EXPECT_EQ(parseOK({"-arch", "sm_13", "a.cu"}).CudaArchs, (std::vector<unsigned>{13}));
  DriverOptions Gencode = parseOK({"-gencode", "arch=compute_70,code=[sm_70,compute_70]",
                                   "-gencode=arch=compute_90a,code=sm_90a", "a.cu"});
  EXPECT_EQ(Gencode.CudaArchs, (std::vector<unsigned>{70, 70, 70, 90, 90}));
  EXPECT_EQ(parseError({"-arch=sm_xyz", "a.cu"}), "Unsupported gpu architecture 'sm_xyz'");
}

TEST(NvccOptions, AmdArchitectures) {
  EXPECT_EQ(parseOK({"--amdgpu-arch=gfx942,gfx90a", "a.cu"}).AmdArchs,
            (std::vector<std::string>{"gfx942", "gfx90a"}));
  EXPECT_EQ(parseOK({"-arch=gfx1100", "a.cu"}).AmdArchs,
            (std::vector<std::string>{"gfx1100"}));
  EXPECT_NE(parseError({"--amdgpu-arch=sm_80", "a.cu"}).find("Unsupported AMD gpu architecture"),
            std::string::npos);
}

TEST(NvccOptions, CompilerOptionsSplitOnCommas) {
  DriverOptions Opts = parseOK({"-Xcompiler", "-Wall,-fPIC", "--compiler-options=-O1",
                                "-ccbin", "g++-12", "a.cu"});
  EXPECT_EQ(Opts.HostCompilerArgs, (std::vector<std::string>{"-Wall", "-fPIC", "-O1"}));
  EXPECT_EQ(Opts.HostCompiler, "g++-12");
}

TEST(NvccOptions, InputKinds) {
  DriverOptions Opts = parseOK({"a.cu", "b.cpp", "c.c", "d.o", "libe.a", "libf.so.1"});
  ASSERT_EQ(Opts.Inputs.size(), 6u);
  EXPECT_EQ(Opts.Inputs[0].Kind, InputKind::Cuda);
  EXPECT_EQ(Opts.Inputs[1].Kind, InputKind::Cxx);
  EXPECT_EQ(Opts.Inputs[2].Kind, InputKind::C);
  EXPECT_EQ(Opts.Inputs[3].Kind, InputKind::Object);
  EXPECT_EQ(Opts.Inputs[4].Kind, InputKind::Library);
  EXPECT_EQ(Opts.Inputs[5].Kind, InputKind::Library);
  // -x cu makes sources CUDA but leaves objects alone.
  DriverOptions Forced = parseOK({"-x", "cu", "k.cpp", "d.o"});
  EXPECT_EQ(Forced.Inputs[0].Kind, InputKind::Cuda);
  EXPECT_EQ(Forced.Inputs[1].Kind, InputKind::Object);
}

TEST(NvccOptions, ErrorsUseNvccWording) {
  EXPECT_EQ(parseError({"-foo", "a.cu"}), "Unknown option '-foo'");
  EXPECT_EQ(parseError({"a.xyz"}), "Don't know what to do with 'a.xyz'");
  EXPECT_EQ(parseError({"a.cu", "-o"}), "Option '-o' requires a value");
  EXPECT_EQ(parseError({"-std=c++98", "a.cu"}), "Value 'c++98' is not defined for option 'std'");
  EXPECT_EQ(parseError({"-c=1", "a.cu"}), "Option '-c=1' does not take a value");
}

TEST(NvccOptions, IgnoredOptionsAreAccepted) {
  DriverOptions Opts = parseOK({"-Xptxas", "-v", "-Xnvlink", "--foo", "-t", "4", "a.cu"});
  EXPECT_EQ(Opts.Inputs.size(), 1u);
}

TEST(NvccOptions, VerboseRequestIgnoresOptionValues) {
  EXPECT_TRUE(requestsVerboseOutput({"-v", "a.cu"}));
  EXPECT_TRUE(requestsVerboseOutput({"--dryrun", "__cmake_determine_cuda"}));
  EXPECT_FALSE(requestsVerboseOutput({"-Xptxas", "-v", "a.cu"}));
  EXPECT_FALSE(requestsVerboseOutput({"-o", "-v", "a.cu"}));
}

TEST(NvccOptions, PtxasVerboseMeansResourceUsage) {
  EXPECT_TRUE(parseOK({"-Xptxas", "-v", "a.cu"}).ResourceUsage);
  EXPECT_TRUE(parseOK({"-Xptxas=-O3,-v", "a.cu"}).ResourceUsage);
  EXPECT_FALSE(parseOK({"-Xptxas", "-O3", "a.cu"}).ResourceUsage);
}

TEST(NvccOptions, DependencyOptions) {
  DriverOptions Opts = parseOK({"-MD", "-MT", "x.o", "-MF", "x.d", "-MP", "a.cu"});
  EXPECT_EQ(Opts.Dependencies, DriverOptions::DependencyMode::WithCompile);
  EXPECT_EQ(Opts.DependencyTarget, "x.o");
  EXPECT_EQ(Opts.DependencyFile, "x.d");
  EXPECT_TRUE(Opts.DependencyPhonyTargets);
  DriverOptions Print = parseOK({"-MM", "a.cu"});
  EXPECT_EQ(Print.Dependencies, DriverOptions::DependencyMode::Print);
  EXPECT_TRUE(Print.DependenciesSkipSystem);
}

TEST(NvccOptions, ForwardUnknownToHostCompiler) {
  DriverOptions Opts = parseOK({"-fancy", "-forward-unknown-to-host-compiler", "a.cu"});
  EXPECT_EQ(Opts.HostCompilerArgs, (std::vector<std::string>{"-fancy"}));
}

TEST(NvccOptions, CudaArchParser) {
  EXPECT_EQ(parseCudaArch("sm_52"), 52u);
  EXPECT_EQ(parseCudaArch("sm_100f"), 100u);
  EXPECT_EQ(parseCudaArch("80-real"), 80u);
  EXPECT_EQ(parseCudaArch("80-virtual"), 80u);
  EXPECT_FALSE(parseCudaArch("sm_"));
  // Only architectures nvcc has known, with the feature letters it allows.
  EXPECT_FALSE(parseCudaArch("sm_999"));
  EXPECT_FALSE(parseCudaArch("compute_999"));
  EXPECT_FALSE(parseCudaArch("sm_075"));
  EXPECT_FALSE(parseCudaArch("sm_86a"));
  EXPECT_FALSE(parseCudaArch("sm_90f"));
  EXPECT_EQ(parseCudaArch("sm_90a"), 90u);
  EXPECT_EQ(parseCudaArch("compute_121a"), 121u);
  EXPECT_FALSE(parseCudaArch("gfx942"));
}

TEST(NvccOptions, DefaultArchitectureFollowsTheRelease) {
  EXPECT_EQ(defaultCudaArch(11), 52u);
  EXPECT_EQ(defaultCudaArch(12), 52u);
  EXPECT_EQ(defaultCudaArch(13), 75u);
}

TEST(NvccOptions, TableRendersEveryRow) {
  std::string Table = renderNvccOptionTableMarkdown();
  for (const NvccOptionInfo &Info : nvccOptionTable())
    EXPECT_NE(Table.find("`--" + std::string(Info.LongName) + "`"), std::string::npos)
        << Info.LongName;
}

} // namespace
