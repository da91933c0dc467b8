class present {}
include present
class unused {}
define dt () {}
notify { 'a': }
$v = 1
notify { 'r1': message => defined(Notify['a']) }
notify { 'r2': message => defined(Notify['nope']) }
notify { 'c1': message => defined(Class['present']) }
notify { 'c2': message => defined('unused') }
notify { 'c3': message => defined(Class['unused']) }
notify { 't1': message => defined('dt') }
notify { 't2': message => defined('notify') }
notify { 'v1': message => defined('$v') }
notify { 'v2': message => defined('$nope') }
