notify { 'n': message => inline_template("ok\n<%= undefined_thing %>") }
