notify { 'x': require => Foo['y'] }
