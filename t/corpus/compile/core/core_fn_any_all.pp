$a = [1, 2, 3]
$h = { 'a' => 1, 'b' => 20 }
notify { 'any_all':
  message => [
    $a.any |$x| { $x > 2 }, $a.any |$x| { $x > 5 }, [].any |$x| { true },
    $a.any |$i, $x| { $i == 2 }, $h.any |$k, $v| { $v > 10 }, $h.any |$e| { $e[0] == 'c' },
    $a.all |$x| { $x > 0 }, $a.all |$x| { $x > 1 }, [].all |$x| { false },
    $a.all |$i, $x| { $i < 3 }, $h.all |$k, $v| { $v > 0 }, $h.all |$e| { $e[1] > 5 },
    'abc'.any |$c| { $c == 'b' }, Integer[1, 4].all |$x| { $x < 5 }, 3.any |$x| { $x == 2 },
  ],
}
