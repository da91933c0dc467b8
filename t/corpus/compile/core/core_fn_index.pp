$a = ['x', 'y', 'Z', 'y']
$h = { 'a' => 1, 'b' => 2, 'c' => 2 }
notify { 'index':
  message => [
    $a.index |$v| { $v == 'y' }, $a.index |$i, $v| { $i > 1 and $v == 'y' }, $a.index |$v| { $v == 'q' },
    $h.index |$v| { $v == 2 }, $h.index |$k, $v| { $k == 'c' },
    $a.index('Z'), $a.index('z'), $h.index(2), $h.index(5),
    'hello world'.index('o'), 'hello'.index('q'), 'héllo'.index(/l+/), 'abc'.index(''),
    [1, [2], 3].index([2]), 'abc'.index |$c| { $c == 'c' },
  ],
}
