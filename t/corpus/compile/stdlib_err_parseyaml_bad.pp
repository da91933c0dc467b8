parseyaml("a: [\n")
