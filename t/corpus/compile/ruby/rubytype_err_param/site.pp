rt_thing { 'x': bogus => 1 }
