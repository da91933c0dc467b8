# statements that are not idem: a match (it sets $0..$n), calls, assignments,
# relationships, resources, collectors, defaults, overrides, method calls
$s = 'abc'
$s =~ /^(a)(b)/
notify { 'match': message => "${1}-${2}" }
$s !~ /x/
(notice('paren call'))
notice 'statement call'
alert('alert with parentheses')
$s.length
$n = $s.size
Integer('1')
[1].each |$x| { }
File { mode => '0644' }
file { '/tmp/mcomp-corpus/idem': ensure => file }
File['/tmp/mcomp-corpus/idem'] { owner => 'root' }
Notify <| title == 'match' |>
Notify['match'] -> File['/tmp/mcomp-corpus/idem']
if $s =~ /b/ { }
if $s == 'abc' { notify { 'if effect': } }
unless $s == 'x' { notice('unless effect') }
case $s { 'abc': { $t = 1 } default: { } }
notify { 'last': message => $n }
