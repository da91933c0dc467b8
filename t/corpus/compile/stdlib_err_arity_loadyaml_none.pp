notice(loadyaml())
