class m { $v = 'in class'
 notify { 'n': message => inline_template('<%= @v %> <%= @name %>') } }
include m
