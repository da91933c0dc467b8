notify { 'title': message => 'the message' }
notify { 'multi': message => "two\nlines" }
notify { 'num': message => 42 }
