notify { 'a': message => "cost: $ 5, ${'$'}x, \$y" }
