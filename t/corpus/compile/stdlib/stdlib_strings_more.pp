notify { 'start_with': message => ['foobar'.stdlib::start_with('foo'), stdlib::start_with('foobar', ['x', 'fo']), stdlib::start_with('', 'a')] }
notify { 'end_with': message => [stdlib::end_with('foobar', 'bar'), stdlib::end_with('foobar', ['x', 'y'])] }
notify { 'extname': message => [stdlib::extname('a/b.rb'), stdlib::extname('.profile'), stdlib::extname('a.tar.gz'), stdlib::extname('noext'), stdlib::extname('trail.'), stdlib::extname('..x'), stdlib::extname('/a.b/c')] }
notify { 'xml_encode': message => [stdlib::xml_encode('<a href="x">&amp;</a>'), stdlib::xml_encode('<a "b">', 'attr'), stdlib::xml_encode("it's", 'text')] }
notify { 'dos2unix': message => [dos2unix("a\r\nb\rc\r\r\n"), unix2dos("a\nb\r\nc\r\r\nd\re")] }
notify { 'reverse': message => [reverse([1, 2, 3]), reverse('abcé')] }
notify { 'swapcase': message => [swapcase('aBc'), swapcase(['xY', 1])] }
notify { 'regexpescape': message => [regexpescape('a.b*c?[d] e\\f/g'), regexpescape(['^x$', 2])] }
notify { 'squeeze': message => [squeeze('aaabbbccc'), squeeze('aaabbbccc', 'a'), squeeze(['xxyy', 'zz'], 'y')] }
notify { 'delete_values': message => delete_values({'a' => 'A', 'b' => 'B', 'c' => 'A', 'd' => 1, 'e' => 1.0}, 'A') }
notify { 'delete_values_num': message => delete_values({'d' => 1, 'e' => 1.0, 'f' => '1'}, 1) }
notify { 'type_of': message => [type_of(1), type_of('a'), type_of([1, 'a']), type_of({'a' => 1})] }
notify { 'is_function_available': message => [is_function_available('is_array'), is_function_available('notice'), is_function_available('nope'), is_function_available(1)] }
