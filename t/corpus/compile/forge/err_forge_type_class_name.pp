class foo {}
$x = Foo
notice($x)
