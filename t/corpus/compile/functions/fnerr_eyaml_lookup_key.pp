notice(eyaml_lookup_key('k', {}, undef))
