$services = ['http', 'ssh']
notify { 'ports': message => lookup('ports', Array, 'unique') }
notify { 'who': message => lookup('who') }
notify { 'fragment': message => lookup('fragment') }
notify { 'paths': message => lookup('paths') }
notify { 'only second': message => lookup('only_second') }
notify { 'json': message => lookup('json') }
notify { 'other': message => lookup('other') }
class single { $services = 'ssh' notify { 'single': message => lookup('ports', Array, 'unique') } }
include single
