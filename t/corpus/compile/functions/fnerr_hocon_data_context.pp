notice(hocon_data({path => '/x'}, 'c'))
