notify { 'n': message => inline_template('<% raise "inline boom" %>') }
