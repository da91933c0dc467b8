loadyaml()
