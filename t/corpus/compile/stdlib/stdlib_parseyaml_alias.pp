notify { "alias": message => parseyaml("a: &x 1\nb: *x\n", "dflt") }
