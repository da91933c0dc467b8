notify { 'a': message => "${Enum['a\\b', "x\ty", "it's"]}" }
notify { 'b': message => "${Pattern[/a'b/]} ${Struct[{'k\\' => Integer}]}" }
notify { 'c': message => "${10 / 2} ${[4][0] / 2} ${'ab' =~ /b'?/}" }
