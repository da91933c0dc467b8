# Resource[...] as the type of a resource expression
define a::d($v = 1) { notify { "d_${title}": message => $v } }
Resource['::a::d'] { 'z': v => 2 }
Resource['a::d'] { 'w': }
$t = 'notify'
Resource[$t] { 'n': message => 'via var' }
Resource[File] { '/tmp/mcomp-corpus/rf': ensure => file }
class k { notify { 'k': } }
Resource['class'] { 'k': }
