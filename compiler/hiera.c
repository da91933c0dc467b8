/*
 * hiera.c - Hiera 5 (see hiera.h).
 */
#include "compiler/hiera.h"
