class c ($n) {}
include c
