# type references that name a built-in, Ruby or defined resource type, or a type alias
class foo {}
define bar() {}
$a = [File, Bar, M::Port, M::Dd, Rtype, Notify, Class, Resource, Stage, Class[foo], Optional[M::Port]]
notify { 'refs': message => "${a}" }
