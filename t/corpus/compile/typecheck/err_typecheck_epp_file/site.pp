notice(epp('m/t.epp', { 'x' => 'a' }))
