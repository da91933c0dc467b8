['a', 'b'].each |$x| {
  notify { "each_${x}": }
}
each({ 'k1' => 'v1', 'k2' => 'v2' }) |$k, $v| {
  notify { "${k}=${v}": }
}
['x', 'y'].each |$i, $v| {
  notify { "idx ${i} ${v}": }
}
