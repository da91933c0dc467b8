validate_legacy(Hash, 'xyzzy_plugh_frobnicate', 'x')
