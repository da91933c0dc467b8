# Hash keys that are not strings: "a hash with an Integer key"; a default
# key becomes 'default' silently; path segments quoted as Puppet quotes them
type MyObj = Object[{attributes => {a => Integer}}]
notify { 'keys': message => {1 => 'a', 1.5 => 1, true => 2, undef => 3, "it's" => default, /re/ => 4, Integer => 5, Timestamp('2020-01-01') => 6, [1, default] => 7, {a => 1} => 8} }
notify { 'keys2': message => {Sensitive('x') => 1, MyObj(2) => 2, Deferred('f') => 3, SemVer('1.0.0') => 4, Binary('aGk=') => 5, Timespan(1) => 6, URI('http://a') => 7, false => 8, String => 9} }
notify { 'quotes': message => {"a'b" => {"c\"d" => default, "e\nf" => default}} }
notify { 'dflt': message => {default => 1, 'default' => 2, 'x' => {default => default}} }
notify { 'ptype': message => {'__ptype' => default} }
