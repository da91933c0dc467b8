m::vhost { 'a': port => 1 }
m::vhost { 'b': }
m::vhost { 'c': port => 3 }
[1, 2].each |$i| { notify { "i$i": message => inline_epp('<%= $x %>-<%= $y %>', {'x' => $i, 'y' => $i * 10}) } }
$x = 'top'
notify { 'np1': message => epp('m/noparams.epp') }
class c { $x = 'inclass'
  notify { 'np2': message => epp('m/noparams.epp', {'x' => 'given'}) } }
include c
