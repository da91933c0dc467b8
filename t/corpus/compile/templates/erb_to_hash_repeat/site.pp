# scope.to_hash called again and again in one render (as logrotate's rule.erb
# does): each call is a new hash of the variables as they are then (a change
# to an earlier hash, or a variable set in between, shows only where it
# should), and each define instance sees its own variables
$x = 'top'
$u = undef
define m::r($opt = undef, $n = 1) {
  $local = "l-${title}"
  file { "/tmp/mcomp-corpus/${title}": content => template('m/t.erb') }
}
m::r { 'a': opt => 'on' }
m::r { 'b': n => 2 }
class m::c { $x = 'inner'
  notify { 'c': message => inline_template("<%= scope.to_hash['x'] %>/<% scope.setvar('later', 'set') %><%= scope.to_hash['later'] %>/<%= scope.to_hash.keys.last(2).join(',') %>") } }
include m::c
