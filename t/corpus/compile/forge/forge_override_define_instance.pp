# an override of a define instance that exists is applied at once: the body,
# evaluated later, sees it (from the same scope, or from an inheriting class)
define d($v = 'def', $w = 'wd') { notify { "n${title}": message => "${v} ${w}" } }
d { 'x': }
D['x'] { v => 'o' }
d { 'y': v => 'given' }
D['y'] { w => 'oy' }
class base { d { 'b': v => 'base' } notify { 'plain': message => 'base' } }
class sub inherits base { D['b'] { v => 'sub', w => 'subw' } Notify['plain'] { message => 'sub' } }
include sub
Notify['late'] { message => 'later' }
notify { 'late': }
define e() { d { "e${title}": } D["e${title}"] { v => 'frome' } }
e { 'one': }
