tree_each([1]) |$a, $b, $c| { }
