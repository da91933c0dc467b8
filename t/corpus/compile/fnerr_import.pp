import "foo.pp"
