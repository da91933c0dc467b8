/*
 * hiera.h - Hiera 5 data for the compiler: lookup() and the automatic
 * lookup of class parameters, over environment-level and module-level
 * hiera.yaml hierarchies with the YAML backend (libyaml).
 */
#ifndef COMPILER_HIERA_H
#define COMPILER_HIERA_H
#include "compiler/compiler.h"
#endif
