# A stand-in for a CCCL checkout's install rules (install-cccl-layout.test).
cmake_minimum_required(VERSION 3.20)
project(CCCL NONE)
# As a top-level project CCCL 3.0 turns on its developer builds, which fetch
# Catch2 and need lit: configuring fails without a network unless they are
# turned off.
foreach(build TESTING EXAMPLES LIBCUDACXX CUB THRUST CUDAX)
  if(NOT DEFINED CCCL_ENABLE_${build} OR CCCL_ENABLE_${build})
    message(FATAL_ERROR "CCCL_ENABLE_${build} is on: a developer build")
  endif()
endforeach()
install(DIRECTORY thrust/thrust cub/cub DESTINATION include)
install(DIRECTORY libcudacxx/include/cuda libcudacxx/include/nv DESTINATION include)
install(DIRECTORY lib/cmake/cccl DESTINATION lib/cmake)
