//===- LibraryExportsTest.cpp - Every .def row is exported ----------------===//
//
// Part of Rubicon. The libraries' .def tables are the coverage docs
// (docs/cuda-libraries.table.md); each row must be a function the shipped
// library exports.
//
//===----------------------------------------------------------------------===//
#include <gtest/gtest.h>

#include <dlfcn.h>

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

TEST(LibraryExports, Nvml) {
#define NVML_FUNCTION(Name, Status, Note) #Name,
  expectExports(RUBICON_TEST_LIBNVML, {
#include "Nvml.def"
  });
#undef NVML_FUNCTION
}

} // namespace
