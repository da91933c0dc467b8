parseyaml("a: &x 1\nb: *x\n")
