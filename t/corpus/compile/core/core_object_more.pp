# attribute defaults of every kind, an Optional attribute, a Hash-typed attribute,
# objects inside arrays and hashes, type() and =~ with parameterised types
type Conf = Object[{
  attributes => {
    'host'  => String[1],
    'port'  => { type => Integer[1, 65535], value => 80 },
    'tags'  => { type => Array[String], value => ['a'] },
    'opts'  => { type => Hash[String, Integer], value => {} },
    'note'  => Optional[String],
  },
}]
$a = Conf('h')
$b = Conf('h', 80, ['a'], {}, undef)
$c = Conf.new({ 'host' => 'x', 'tags' => ['b', 'c'], 'note' => 'n' })
notify { 'forms': message => [$a, $c] }
notify { 'attrs': message => [$a.host, $a.port, $a.tags, $a.opts, $a.note, $c.tags, $c.note] }
notify { 'eq': message => [$a == $b, $a == $c, [$a] == [$b], { k => $a } == { k => $b }, $a != $c] }
notify { 'match': message => [$a =~ Conf, [$a, $c] =~ Array[Conf], { k => $a } =~ Hash[String, Conf], $a =~ Optional[Conf], undef =~ Conf, 'x' =~ Conf, type($a) == Conf] }
notify { 'interp': message => "a is ${a}; tags ${c.tags}" }
notify { 'str': message => [String($a), String($c, '%p')] }
