$a = ['apple', 'avocado', 'banana', 'cherry', 'blueberry']
notify { 'group_by':
  message => [
    $a.group_by |$s| { $s[0] },
    $a.group_by |$i, $s| { $i % 2 },
    { 'a' => 1, 'b' => 2, 'c' => 3 }.group_by |$k, $v| { $v % 2 == 0 },
    { 'a' => 1, 'b' => 2 }.group_by |$e| { $e[1] > 1 },
    [].group_by |$x| { $x },
  ],
}
notify { 'partition':
  message => [
    $a.partition |$s| { $s =~ /^b/ },
    $a.partition |$i, $s| { $i < 2 },
    { 'a' => 1, 'b' => 2, 'c' => 3 }.partition |$k, $v| { $v > 1 },
    { 'a' => 1, 'b' => 2 }.partition |$e| { $e[0] == 'a' },
    [].partition |$x| { true },
  ],
}
