notice(json_data({path => '/x'}, undef))
