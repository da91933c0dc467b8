type Opt = Object[{ attributes => { a => { type => Integer, value => 1 }, b => String } }]
$o = Opt(1, 'x')
