# A stand-in for a CCCL checkout's install rules (install-cccl-layout.test).
cmake_minimum_required(VERSION 3.20)
project(CCCL NONE)
install(DIRECTORY thrust/thrust cub/cub DESTINATION include)
install(DIRECTORY libcudacxx/include/cuda libcudacxx/include/nv DESTINATION include)
install(DIRECTORY lib/cmake/cccl DESTINATION lib/cmake)
