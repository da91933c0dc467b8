$d = {'a' => [1, 2.5, 'x"y', "n\n#{x}", true, undef], 'b' => {'c' => 'é'}}
notify { 'ruby': message => [to_ruby($d), to_ruby('s'), to_ruby(undef), to_ruby(1e20), to_ruby(-0.5)] }
notify { 'python': message => [to_python($d), to_python(false), to_python(undef)] }
notify { 'rich': message => [to_ruby(default), to_ruby(/a.b/), to_ruby({1 => 'x'}), to_ruby(Sensitive('s')), to_python({true => undef})] }
