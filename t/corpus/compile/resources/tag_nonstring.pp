# tag values that are not Strings tag as Puppet's to_s writes them
# (default, numbers, booleans), and are written as strings in the catalog
notify { 'a': tag => [default, 5, 'x', true, 1.5] }
notify { 'b': tag => default }
class c { }
class { 'c': tag => [7, default] }
notify { 'd': }
Notify <| tag == '5' |> { message => 'collected by the tag 5' }
