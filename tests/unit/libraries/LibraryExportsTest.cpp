//===- LibraryExportsTest.cpp - Every .def row is exported ----------------===//
//
// Part of Rubicon. The libraries' .def tables are the coverage docs
// (docs/cuda-libraries.table.md); each row must be a function the shipped
// library exports.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <vector>

namespace {

void expectExports(const char *Path, std::initializer_list<const char *> Names) {
  // The libraries' cuda* references bind to the process's runtime: this
  // test links libcudart.so.
  void *Library = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(Library, nullptr) << dlerror();
  for (const char *Name : Names)
    EXPECT_NE(dlsym(Library, Name), nullptr) << Path << " lacks " << Name;
}

TEST(LibraryExports, Cublas) {
#define CUBLAS_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBCUBLAS, {
#include "Cublas.def"
  });
#undef CUBLAS_FUNCTION
}

TEST(LibraryExports, Curand) {
#define CURAND_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBCURAND, {
#include "Curand.def"
  });
#undef CURAND_FUNCTION
}

TEST(LibraryExports, Cufft) {
#define CUFFT_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBCUFFT, {
#include "Cufft.def"
  });
#undef CUFFT_FUNCTION
}

TEST(LibraryExports, CublasLt) {
#define CUBLASLT_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBCUBLASLT, {
#include "CublasLt.def"
  });
#undef CUBLASLT_FUNCTION
}

TEST(LibraryExports, Cusparse) {
#define CUSPARSE_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBCUSPARSE, {
#include "Cusparse.def"
  });
#undef CUSPARSE_FUNCTION
}

TEST(LibraryExports, Cusolver) {
#define CUSOLVER_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBCUSOLVER, {
#include "Cusolver.def"
  });
#undef CUSOLVER_FUNCTION
}

TEST(LibraryExports, Nvrtc) {
#define NVRTC_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBNVRTC, {
#include "Nvrtc.def"
  });
#undef NVRTC_FUNCTION
}

TEST(LibraryExports, Nvjpeg) {
#define NVJPEG_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBNVJPEG, {
#include "Nvjpeg.def"
  });
#undef NVJPEG_FUNCTION
}

TEST(LibraryExports, NvJitLink) {
#define NVJITLINK_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBNVJITLINK, {
#include "NvJitLink.def"
  });
#undef NVJITLINK_FUNCTION
}

TEST(LibraryExports, Nvvm) {
#define NVVM_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBNVVM, {
#include "Nvvm.def"
  });
#undef NVVM_FUNCTION
}

// Npp.def covers the core, image-memory and signal-memory libraries: each
// row is exported by one of them.
TEST(LibraryExports, Npp) {
  std::vector<void *> Libraries;
  for (const char *Path :
       {RUBICON_TEST_LIBNPPC, RUBICON_TEST_LIBNPPISU, RUBICON_TEST_LIBNPPS}) {
    Libraries.push_back(dlopen(Path, RTLD_NOW | RTLD_LOCAL));
    ASSERT_NE(Libraries.back(), nullptr) << dlerror();
  }
#define NPP_FUNCTION(Name, Status, Note) #Name,
  for (const char *Name : {
#include "Npp.def"
       }) {
    bool Found = false;
    for (void *Library : Libraries)
      Found |= dlsym(Library, Name) != nullptr;
    EXPECT_TRUE(Found) << "no NPP library exports " << Name;
  }
#undef NPP_FUNCTION
}

TEST(LibraryExports, Nvml) {
#define NVML_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBNVML, {
#include "Nvml.def"
  });
#undef NVML_FUNCTION
}

} // namespace
