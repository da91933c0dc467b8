parseyaml("- 2001-01-01\n")
