/*===- __rubicon/half_epilogue.h - Ends one instance of half_types.h ------===*
 *
 * Part of Rubicon. Undefines the parameters of half_types.h and
 * half_operations.h. Not a public header; no include guard on purpose.
 *
 *===----------------------------------------------------------------------===*/
#undef __RUBICON_H_T
#undef __RUBICON_H_T2
#undef __RUBICON_H_RAW
#undef __RUBICON_H_RAW2
#undef __RUBICON_H_NAME
#undef __RUBICON_H_BF16
#undef __RUBICON_H_P
#undef __RUBICON_H_E
#undef __RUBICON_H_CONVERSIONS
#undef __RUBICON_H_OPERATORS
#undef __RUBICON_H_OPERATORS2
#undef __RUBICON_H_BITS
#undef __RUBICON_H_MAKE
