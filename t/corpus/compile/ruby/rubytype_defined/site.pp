notify { 'a': message => [defined('rt_thing'), defined(Rt_thing), defined('rt_nope')] }
rt_thing { 'x': }
notify { 'b': message => defined(Rt_thing['x']), require => Rt_thing['x'] }
