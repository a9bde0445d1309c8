// Generated from syllapy 0.7.2 `syllapy/data.csv` (MIT, Copyright (c) 2018 Michael Holtzscher):
// the known-word dictionary, grouped by syllable count, words separated by spaces.
// Do not edit by hand; see README "Dependencies" for how it was produced.
/** Syllable count → space-separated words with that count. */
export const syllapyWords: Readonly<Record<number, string>> = {
  1:
    '1 2 3 4 5 6 8 9 10 12 a act acts ad add added adds african-american age aged ah aid aide ' +
    'aids aim aims air aisle all am an and and\\/or ann anne ants are arm armed arms art arts ' +
    'as ash ask asked ass at ate aunt babe babes back bad bag bags bake ball balls ban band ' +
    'bands bang bank banks bar bare bark barn bars base based bass bat bath bay be beach beam ' +
    'bean bear beard bears beast beat bed beds bee beef been beer beg bell belt ben bench bend ' +
    'bent best bet bid bids big bigger biggest bike bill bills bind bird birds birth bit bite ' +
    'bits black blade blame blank blast blend bless blew blind blink block blocks blog blogs ' +
    'blond blonde blood blow blue blues blvd board boards boast boat boats bob boil bold bolt ' +
    'bomb bombing bond bonds bone boobs book books boom boost boot booth boots born boss both ' +
    'bought bounce bound bow bowl box boy boys brain brake branch brand brands brass brave ' +
    'bread break breaks breast breasts breath breathe breeze brick bride bridge brief bright ' +
    'bring brings broad broke bronze brought brown browse bruce brush buck bug bugs build ' +
    'built bulb bulk bull bunch burn burst bus bush but butt buy by bytes cab cache cached ' +
    'cage cake call called calls calm came camp camps can cap cape caps car card cards care ' +
    'carl cars cart carve case cash cast cat catch cats caught cause caused cave cease cell ' +
    'cells cent centres ceo chain chair chairs chance change changed changing char charge ' +
    'charged charles charm chart charts chase chat cheap cheat cheats check checked checks ' +
    'cheek cheer cheese chef chest chew chief child chill chin chip chips choice choose chop ' +
    'chose chris christ chunk church cite claim claims clark class clause claws clay clean ' +
    'clear clerk click cliff climb cling clip clips clock close closed closely closest cloth ' +
    'clothes cloud club clubs clue coach coal coast coat cock cocks code codes coin coins cold ' +
    'come comes const cook cool cop cope cord core corn corp corps cost costs couch could ' +
    'count counts coup course court courts cow crack craft crafts craig crash crawl cream ' +
    'creek crew crime crop cross crowd crown cruise crush cry cue cup cure curve cut cute cuts ' +
    'czech dad dam damn dan dance dancing dare dark date dates dave dawn day days dead deal ' +
    'deals dean dear death deaths debt deck deem deep deer dell dense depth desk dick did die ' +
    'died diff dig dining dip dirt disc dish disk dna do dock dodge does dog dogs doll dolls ' +
    'don done dont door doors dose dot doubt dough down dr. draft drag drain draw drawn dream ' +
    'dreams dress drew dried drift drill drink drinks drive drives drop dropped drove drown ' +
    'drug drugs drum drunk dry duck due dug duke dull dumb dump dust dutch each ear earn ' +
    'earned earth ease east eat edge egg eight eighth else end ends etc etc. eye eyes face ' +
    'fact facts fade fail failed fails faint fair faith faiths fall falls false fame fan fans ' +
    'far fare farm fast faster fat fate fault fear fed fee feed feeds feel feels fees feet ' +
    'fell felt fence few field fields fierce fifth fight file filed files fill filled film ' +
    'films find finds fine fire firm firmly firms first fish fist fit fits five fix fixed flag ' +
    'flags flame flash flat flee fleet flesh flew flies flight flights flip float flood floor ' +
    'flour flow fly fog fold folk folks font fonts food foods fool foot for force forced ford ' +
    'fork form formed forms fort forth fought found four fourth fox frame framed frames france ' +
    'frank fraud fred free freeze french fresh friend friends frog from front frown fruit fuck ' +
    'fucked full full-time fun fund funding funds fur gain game games gang gap gas gate gave ' +
    'gay gaze gear gene genes george get gets getting ghost gift gifts girl girls give gives ' +
    'giving glad glance glass glimpse globe glove gloves gnome go goal goals goat god goes ' +
    'gold golf gone good goods goose got grab grabbed grace grade grades grain grand grant ' +
    'grants grape graph grasp grass grave gray great greatest greece greek green greet greg ' +
    'grew grey grid grief grin grip gross ground grounds group groups grove grow grown growth ' +
    'guard guess guest guests guide guides guilt gulf gun guns gut guy guys gym ha had hair ' +
    'half hall hand hands hang hard harder harm harsh has hat hate hats haul have having hay ' +
    'he head heads heal health hear heard heart hearts heat heel height heights held hell help ' +
    'helped helps hence her herb herd here hers hey hi hide high high-tech higher highest hike ' +
    'hill hills him hint hip hire his hist hit hits hold holds hole holes home homes hong hook ' +
    'hope horn horse host hosts hot hour hours house how hug huge huh hung hunt hurt i ice ie ' +
    'if ill in inch is it its jack jail james jane jar jaw jazz jean jeans jeff jet jew jim ' +
    'job jobs joe john join joined joint joke jokes jones joy judge juice jump june just kate ' +
    'keep keeps keith kent kept key keys kick kid kids kill killed kind kinds king kings kiss ' +
    'kit kits knee kneel knew knife knight knock know known knows kong lab labs lack laid lake ' +
    'lakes lamp land lands lane lap large larger largest last late laugh launch launched law ' +
    'lawn laws lay lead leads leaf league lean leap learn learned lease least leave leaves led ' +
    'lee left leg legs lend length lens less let lets lid lie lies life lift light lights like ' +
    'liked limb line lines link linked links lip lips list lists lite live lived lives load ' +
    'loan loans lock lodge log logged long long-term longer look looked looks loop loose lord ' +
    'lose loss lost lot lots loud lounge love loved loves low luck lunch lung lungs mad made ' +
    'mail main maine make makes male mall man map maps marc march mark marked marks mars mask ' +
    'mass match mate math matt may me meal meals mean means meant meat meet meets melt melted ' +
    'men mens mere mesh mess met mice midst might mike mild mile miles milk mill mills mind ' +
    'mine mint miss missed mix mixed mode modes mom month months mood moon moore more most ' +
    'mount mouse mouth move moved moves mr mr. mrs mrs. ms much mud must my myth nail nails ' +
    'name named names near nearer nearest neat neck need needs neil nerve nest net new news ' +
    'next nice nick night nights nine no nod nodded node nodes noise none noon nor norm north ' +
    'nose not note notes noun now nude null nurse nut nuts oak odd odds of off oh oil ok old ' +
    'on once one ones opt or ought our ours out owe own owned pace pack packs pad page paid ' +
    'pain paint pair pale palm pan pant pants park parks part parts pass passed past pat patch ' +
    'path paul pause pay pc peace peak pearl peel peer pen per perl pet pets phase phil phone ' +
    'phones phrase pick picked picks pics pie piece pig pile pill pills pin pine pink pipe pit ' +
    'pitch place placed plain plan plane planned plans plant plants plate plates play played ' +
    'playoff plays plea plead please pleased plot plug plunge plus pm point points poke pole ' +
    'poll polls pond pool poor pop porch pork porn port ports pose post posts pot pound pounds ' +
    'pour praise pray prayer preach press prev price priced pride priest prime prince print ' +
    'printed prints prize pro prompt proof proud prove pull pulse pump punch punk pure purse ' +
    'push put putting queen quest quick quit quite quiz quote quotes race rack rage rail rain ' +
    'raise raised ralph ran ranch range rank rape rare rat rate rates raw rays re reach ' +
    'reached read reads realm rear red reed rent rest rhode rhyme rhythm rib rice rich rick ' +
    'rid ride ridge right rights rim ring rings rip rise risk risks road roads roar rock rocks ' +
    'rod role roles roll rome roof room rooms root roots rope rose ross rough roughly round ' +
    'route row rub rubbed rule rules run runs rush sack sad safe safely said sail saint sake ' +
    'sale sales salt sam same sand sang sat sauce save saved saw say says scale scan scare ' +
    'scared scene scenes scent scheme school schools scope score scores scott scratch scream ' +
    'screeched screen screw script scripts sea seal sealed sean search seat seats see seed ' +
    'seeds seek seem seemed seems seen seize self sell send sense sent serve served serves set ' +
    'sets sex shade shake shall shame shape share shared shares shark sharp sharply shaved she ' +
    'shed sheep sheer sheet sheets shelf shell shells shift shine shinning ship shipped ships ' +
    'shirt shirts shit shock shoe shoes shoot shooting shop shops shore short short-term ' +
    'shorts shot shots should shout shove show showed shown shows shrimp shrink shrug shut shy ' +
    'sick side sides sigh sight sign signed signs silk sin since sing sink sir sit site sites ' +
    'six sixth size sized ski skill skilled skills skin skip skirt skull sky skype slabs slam ' +
    'slap slave sleep sleeve slept slice slide slight slightly slip slipped slope slot slots ' +
    'slow small smaller smallest smart smell smile smith smoke smooth snake snap sneak snow so ' +
    'so-called soak soap soar sock soft softly soil sold sole solve some son song songs sons ' +
    'soon sort sought soul sound sounds soup source south space spain spam spare spark speak ' +
    'specials specs speech speed spell spend spending spent sphere spill spin spine spit spite ' +
    'split spoke spoon sport sports spot spouse spray spread spring springs spy squad square ' +
    'squeeze st. stack staff stage stair stairs stake stamps stance stand stands star stare ' +
    'stared stars start starting starts state states stats stay steak steal steam steel steep ' +
    'steer stem stems step stepped steps steve stick stiff still stir stock stocks stone ' +
    'stones stood stop stopped store stored stores storm stove straight strain strange strap ' +
    'straw streak stream street streets strength stress stretch strict strike string strings ' +
    'strip stroke strong stronger struck struct stuck stuff style styles such suck sue suit ' +
    'suite suites sum sun sure surf swam swear sweat sweep sweet swell swept swim swing swiss ' +
    'switch sword swung t-shirt tabs tag tags tail take takes tale tales talk talks tall tank ' +
    'tap tape task tasks taste taught tax tea teach team teams tear tears tech teen teens ' +
    'teeth tell tells temp ten tend tent term terms test testing tests text texts thai than ' +
    'thank thanks that the thee theft their them theme themes then there these they thick ' +
    'thigh thin thing things think third this thongs those thou though thought thoughts thread ' +
    'threads threat three threw thrive throat through throw thrown thumb thumbs thus thy tide ' +
    'tie tight tightly tile till tim time times tin tion tip tips tire tired tits to toe told ' +
    'toll tone tones tongue tons too took tool tools tooth top tops torn toss touch tough tour ' +
    'tours town towns toy toys trace track tracked tracks trade trading trail train trained ' +
    'trait trans trap trash tray treat treated tree trees trend trends tribe trick tried trim ' +
    'trip trips troop troops truck trucks true trunk trust truth try tube tuck tune turn ' +
    'turned turns tv twelve twice twin twist two type types uh up urge us use used using valve ' +
    'van vast verb vice view viewed views voice void vote votes voting vs wage waist wait wake ' +
    'wales walk wall walls want wants war ward warm warmth warn wars was wash waste watch wave ' +
    'waves way wayne ways we weak wealth wear weave web weed week weeks weigh weight weird ' +
    'well well-known wells went were west wet whale what wheat wheel wheels when where which ' +
    'while whip white who whole whom whose why wide width wife wild will win wind winds wine ' +
    'wing wings wins wipe wire wise wish with wolf won wood woods wool word words wore work ' +
    'worked works world worse worst worth would wound wow wrap wrapped wright wrist write ' +
    'writes wrong wrote yard yards yeah year years yell yes yet yield york you young your ' +
    'yours youth zone zoo zoom',
  2:
    '0 7 13 14 15 16 17 18 19 20 30 40 50 60 80 90 aaron able aboard about above abroad ' +
    'absence absorb abstract abuse accent accept access account accounts accuse achieve ' +
    'achieved acid acquire acquired acres across acting action actions active actively actor ' +
    'actors actress acute adam adams adapt adding address addressed adjust admin admire admit ' +
    'adopt adult advance advanced adverse advice advise affair affect afford afraid after ' +
    'again against agent ages aging ago agree agreed ahead aircraft airline airplane airport ' +
    'alan alarm albert album alert alex alice alien alike alive alleged allen alley allow ' +
    'allowed allows ally almost alone along aloud alpha also alter although always amber amid ' +
    'among amount anal ancient andrew andy angel anger angle angry ankle anna announce ' +
    'announced answer anti antique anxious any apart appeal appear apple applied apply appoint ' +
    'approach approve approved april arab arcade archive argue arise army around arrange array ' +
    'arrest arrive arrived arrow arthur artist asia asian aside asking asleep aspect assault ' +
    'assert assess asset assets assign assist assume assumed assure athlete atlas atom atop ' +
    'attach attached attack attempt attend attract auction auctions audit august austin author ' +
    'authors auto autumn avoid await awake award aware away awesome awful axis babies baby ' +
    'background backup backyard badly baker balance balanced balloon ballot bandwidth banker ' +
    'banking banner barely bargain barrel barry baseball basement basic basis basket bathroom ' +
    'battle beauty became because become bedroom before began begin begun behalf behave behind ' +
    'being belgium belief believe believed believes belly belong below beneath berlin beside ' +
    'besides beta betsy better betting between beyond bias bible bidder bidding billing ' +
    'billion billy binding birthday bishop bitter blackjack blanket blessing blogger blogging ' +
    'bloody blowjob bodies body bondage bonus booking bookmark bookstore booty border boring ' +
    'borrow boston bother bottle bottom boxes boyfriend brazil breakfast breaking breathing ' +
    'brian briefly brilliant bringing bristol britain british broadband broadcast broadway ' +
    'brochure broken broker brother browser brutal bubble bucket buddy budget buffer builder ' +
    'building bullet burden bureau buried burning bury business busty busy butter button ' +
    'buttons buyer buying cabin cable cafe calling cambridge campaign campbell camping campus ' +
    'canal cancel cancer candle candy cannot canon canvas canyon captain capture captured ' +
    'carbon career careful carefully cargo carlos carol carpet carried carrot carry carter ' +
    'cartoon cartridge casey castle cattle ceiling census center central centre certain ' +
    'chairman challenge chamber channel chaos chapter charger charlie charlotte charter ' +
    'checkout cherry chicken childhood children chile china chinese choices choosing chosen ' +
    'christian christmas chronic circle circuit circus cisco cited cities city civic civil ' +
    'classes classic classroom cleaner cleaning clearance clearly cleveland clicking client ' +
    'climate climbing clinic clinton closer closet closing clothing cloudy cluster coastal ' +
    'cocaine coding coffee collapse collar colleague collect college collins color colors ' +
    'colour column combat combine combined comfort comic coming command comment commerce ' +
    'commit common commons compact compare compared compass compel compete compiled complain ' +
    'complaint complete completely complex comply compose composed compound comprise concede ' +
    'conceive concept concern concerned concert conclude concrete condemn conduct confess ' +
    'confirm confirmed conflict confront confuse congress connect conscience conscious consent ' +
    'consist console constant constantly constraint construct consult consume contact contain ' +
    'contained contend content contents contest context contract contrast control controlled ' +
    'convened convert convey convict convince convinced cookie cookies cooking cooling cooper ' +
    'copies copper copy corner correct correctly costa costly costume cottage cotton council ' +
    'counsel counter counties countries country county couple courage courtroom cousin cover ' +
    'covered cowboy crazy create creature credit cricket crisis critic crowded crucial cruel ' +
    'crystal cuba cuban culture current curtain custom customs cutting cycle cycling cyprus ' +
    'daily dallas damage dancer danger daniel danny darkness data dated dating daughter david ' +
    'davis deadline deadly dealer dealing debate debris debut decade decent decide declare ' +
    'declared decline decor decrease deeply default defeat defence defend defender defense ' +
    'define defined degree delay delete delight delta deluxe demand demo denied denmark dennis ' +
    'dental denver deny depart depend depending depict deploy depressed derive derived descend ' +
    'describe described desert deserve design designed desire desired desktop despite dessert ' +
    'destroy detail detailed detect detroit device devil devote dial diamond dictate diesel ' +
    'diet differ digest dildo dinner direct dirty discharge disclose discount discourse ' +
    'discuss discussed disease dismiss disney display displayed dispute dissolve distance ' +
    'distant distinct distract district disturb diverse divide divine diving divorce doctor ' +
    'doctrine doing dollar domain donald donate donkey donor doorway double douglas download ' +
    'downtown dozen dragon drama drawer drawing drinking driven driver drivers driveway ' +
    'driving dual dublin durham during duties duty dying e-mail eager eagle earlier early ' +
    'earnings earthquake eastern easy eaten eating ebay echo eddy edit edward effect effects ' +
    'effort ego egypt either elbow elder elect elite ellen elsewhere email emails embrace ' +
    'emerge empire employ employed empty enact ending endless endorse endure enforce engage ' +
    'engaged engine england english enhance enhanced enjoy enjoyed enlarge enough enroll ' +
    'ensure enter entire entrance entries entry equal equip equipped era eric error escape ' +
    'essay essence estate ethics ethnic euro europe evans even evening event ever every evil ' +
    'evolve exact exam exceed excel except excerpt excess exchange exclaimed exclude excuse ' +
    'exhaust exist existing exit expand expect expected expense expert explain explode exploit ' +
    'explore export expose exposed express extend extent extra extreme eyebrow fabric facial ' +
    'facing factor failure fairly fallen falling falsehood falsehoods famous farmer farther ' +
    'fashion fastened fatal father fatigue favor feather feathers feature featured feedback ' +
    'feeding feeling fellow female fetish fever fewer fiber fiction fifteen fifty fighter ' +
    'fighting figure filing filter filters final finance finder finding finest finger finish ' +
    'finished finland firefox fireplace firewall fiscal fishing fitness flashing flavor ' +
    'floating florist flower flowers fluid flying focus focused folder follow football forbid ' +
    'forecast forehead foreign forest forget forgive forgot formal format former fortune forty ' +
    'forum forums forward foster founder fraction fragile fragment framework franchise francis ' +
    'franklin frankly freedom freely freeware frequent freshman friday friendly friendship ' +
    'frighten frontier frozen frustrate fucking fuel fully function funded funny further ' +
    'future gambling gaming gamma garage garbage garden gardens garlic gary gateway gather ' +
    'gender genius genre gentle gently georgia german gesture giant gifted girlfriend given ' +
    'glasgow global glory going golden gonna google gordon gospel goto gourmet govern graham ' +
    'grandchild graphic graphics grateful gratis greater greatly growing guidance guideline ' +
    'guilty guinea guitar habit hairy halfway hallway hampshire handbook handful handheld ' +
    'handle handling handsome happen happened happens happy harbor hardcore hardly hardware ' +
    'harris harry harvard harvest hazard headache headed header heading headline headset ' +
    'healing healthcare healthy hearing heating heaven heavy hello helmet helpful helping ' +
    'henry herald herein hero herself hidden highlight highly highway hiking himself hobbies ' +
    'hockey holder holding holland hollow holy homeland homeless homework honda honest honey ' +
    'honor hormone horny horror horses hostage hostile hosting hotel household houses ' +
    'housewares housing houston howard human humor hundred hundreds hunger hungry hunter ' +
    'hunting hurried hurry husband hybrid icon ignore illness image immune impact imply import ' +
    'impose impress improve improved impulse incest inches include including income increase ' +
    'increased indeed index indoor induced infant info inform informed injure inmate inner ' +
    'input insect insert inside insight insist inspire inspired install installed instance ' +
    'instant instead instinct instruct intact intel intend intense intent inter into intro ' +
    'invade invent invented invest investor invite involve involved involvement ipod iran iraq ' +
    'ireland irish iron islam islamic island issue issued item itself jacket jackson japan ' +
    'jason java jerry jersey jesus jewish jimmy johnny johnson jordan jose joseph journal ' +
    'journey judgment july jungle junior juror jury justice kansas karen keeping kelly kenya ' +
    'kernel kerry kevin keyboard keyword killer killing kingdom kitchen knowing knowledge ' +
    'label labor labour ladder ladies lady landing landmark landscape language laptop largely ' +
    'larry laser lately later latest latin latter laughter laundry laura lawrence lawsuit ' +
    'lawyer lawyers layer layers layout leader leading learning leather leaving lecture legal ' +
    'legally legend leisure lemon lenses lesson lessons letter level lewis licence license ' +
    'licensed lifestyle lifetime lighting lightly lightning likely likewise limit lincoln ' +
    'linda linux lion liquid listed listen listener listing little liver living loaded loading ' +
    'lobby local locate lodging logic login logo logos london lonely longtime looking lookup ' +
    'losing losses louis lovely lover lower lowest loyal lucky lying machine machines magic ' +
    'magnet mailing mainly mainstream maintain major maker makeup making mama manage managed ' +
    'managing mandate manner mansion many mapping marble margin marie marine marker market ' +
    'markets marriage married marry marshall martin mary massage massive master masters ' +
    'matching matrix matter matthew mature maybe mayor meaning meantime meanwhile measure ' +
    'measured medal meeting melbourne member memphis mental mention mentor menu merchant ' +
    'merely merit message meta metal meter meters method metro michael michelle micro middle ' +
    'middle-class midnight mighty miller million millions mini mining minor minute mirror ' +
    'missile missing mission mistake mitchell mixture mobile model modem modern modest module ' +
    'moment monday money monkey monster monthly moral morgan morning morris mortgage mostly ' +
    'mother motion motive motor mountain mountains mounted movement movie moving mpeg murder ' +
    'murray muscle mushroom music muslim mutter myself naked nancy narrow nasa nashville nasty ' +
    'nation native nature naval navy nearby nearly needed needle negro neighbor neither nelson ' +
    'nervous network neutral never newest newly nightmare nike noble normal northeast northern ' +
    'northwest norway notebook noted nothing notice noticed notion nova novel nowhere number ' +
    'numbers nursing oakland object observe observed obtain occur occurred ocean offender ' +
    'offense offer office offline offset often okay old-fashioned older oldest onion online ' +
    'only onto open opened openly oppose opposed option oral orange orbit order ordered organ ' +
    'orgy orleans other others ourselves outcome outdoor outdoors outer outfit outlet outline ' +
    'outlook output outside oven over owner oxford package packet painful painter painting ' +
    'palace panel panic papa paper para parade parent parents paris parish parker parking ' +
    'partial partially parties partly partner party passage passes passing passion password ' +
    'pasta pastor patent patience patient patients patrick patrol patron pattern payday paying ' +
    'payment peaceful peanut peasant pencil pending penis pension people pepper perceive ' +
    'perceived percent perfect perform performer perfume perhaps permit persian persist person ' +
    'persuade peru pervade peter philip phoenix photo photos physics pickup picture pictured ' +
    'pierre pillow pilot pipeline pissing pistol pitcher pittsburgh pizza placement places ' +
    'plaintiff planet planner planning plasma plastic platform player playing plaza pleasant ' +
    'pleasure plenty plugin plural pocket poem poems poet pointer poker poland police polish ' +
    'pony porno portal portion portland portrait portray possess postage postal poster posting ' +
    'potter powder power powered powers practice precious precise precisely predict prefer ' +
    'preferred pregnant premier premise prepare prepared presence present preserve pressure ' +
    'pretend pretty prevail prevent preview pricing princess printer printing prior prison ' +
    'private privately problem proceed process processing proclaim produce produced product ' +
    'profile profit profound program programme programmes programs progress progressed project ' +
    'promise promised promote proper properly propose proposed prospect protect protein ' +
    'protest proven provide province provoke public publish punish pupil purchase purchased ' +
    'purple purpose pursue pursuit pussy puzzle python quantum quarter quebec queries query ' +
    'question questions quickly quiet quietly rabbit racial racing racism radar railroad ' +
    'rainbow raising rally random ranking rapid rapidly rarely rated rather rating ratio react ' +
    'reader reading ready real reason rebel rebuild recall receipt receive received recent ' +
    'recently record recruit redeemed reduce reduced refer referred refine reflect reform ' +
    'refuge refund refuse refused regain regard regime region regret reject relate relax ' +
    'release released relief relieve rely remain remaining remark remind remote remove removed ' +
    'render rental repair repeat replace replaced replied replies reply report reporting ' +
    'request require required rescue research researcher reserve reserved resign resist ' +
    'resolve resort resource respect respond response restore restrict result resume retail ' +
    'retailer retain retire retired retreat return reveal reverse review revised reward ribbon ' +
    'richard richmond rico rider riding rifle riot rising risky rival river rivers robert ' +
    'roberts robin robot rocket rocky roger rolling roman romance roses roulette router ' +
    'routine routinely royal rubber rugby ruin ruler ruling rumor runner running rural russell ' +
    'russia russian ryan sacred saddle safety salad sally salmon sample sampling sanction ' +
    'sandwich santa sarah saudi saving saying scandal scanner scary scatter schedule scheduled ' +
    'scholar science scotland scottish scramble screening sculpture searching season seasons ' +
    'second secret section sector secure secured seeing seeker seeking seemingly segment ' +
    'seldom select selected self-esteem seller selling semi senate sending senior sensor ' +
    'sentence sequence series servant server service serving session sessions setting settle ' +
    'settlers setup seven seventh severe severely sexy shadow shaking shallow shareware ' +
    'sharing sharon shelter shipping shopper shopping shortage shorter shortly shoulder shower ' +
    'showing shuttle sibling sidewalk siemens sigma signal silence silent silly silver simon ' +
    'simple simplest simply simpson singer single singles sister sitting skiing sleeping ' +
    'slowly smoking soccer social socially socket sofa soften software solar soldier solely ' +
    'solid solo someday somehow someone something sometime sometimes somewhat somewhere sorry ' +
    'sorted southeast southern southwest spaces spanish spanking speaker speaking special ' +
    'species spectrum spider spirit spoken spokesman sponsor sporting sprinkle stable ' +
    'stainless standard standards standing started starter stated statement statements static ' +
    'station statue status statute steadily steady stephen sterling steven stewart stomach ' +
    'storage stories story straighten stranger strengthen strictly striking strongly structure ' +
    'struggle student students studied studies study studying stumble stupid subject sublime ' +
    'submit subscribe substance subtle suburb succeed success sudden suddenly suffer sugar ' +
    'suggest summer summit sunday sunlight sunny sunset super supper supplied supplier ' +
    'supplies supply support suppose supposed supposedly supreme surely surface surgeon ' +
    'surprise surprised surround surrounded survey surveys survive susan suspect suspend ' +
    'sustain swallow sweater sweden swedish swimming switches sydney symbol symptom symptoms ' +
    'syndrome syntax system table tackle tactic taiwan taken taking talent talking tampa ' +
    'target taxes taylor teacher teaching teammate teaspoon technique teenage telling template ' +
    'temple tender tennis tension terrain terror terry tested texas textbook textbooks texture ' +
    'thailand themselves thereby therefore thermal thinking thirty thomas thompson thousand ' +
    'thousands threaten threshold throughout thumbnail thursday ticket tickets tiger tighten ' +
    'timber timing tiny tissue title today toilet tonight tony topic torture total touchdown ' +
    'tourism tourist toward towards towel tower township toxic tracker tracking trademark ' +
    'traffic tragic trailer trainer training transfer transferred transform transit translate ' +
    'transmit transport trauma travel treasure treatment treaty trial tribal trigger triple ' +
    'triumph trouble troubled truly trusted trying tuesday tumor tunnel turkey turkish turning ' +
    'twenty ugly ukraine ultra uncle under unfair unfold union unique unit unite unix unknown ' +
    'unless unlike until update upgrade upload upon upper upset upstairs upward urban usage ' +
    'useful user uses utah vaccine valid valley value vanish vapor vary vector vendor venture ' +
    'venue verbal verdict vermont version versus very vessel vessels via victim viewer viewing ' +
    'villa village vincent vintage vinyl virgin virtue virus visa vision visit vista vital ' +
    'vocal voices voltage volume voter vowel voyage voyeur wagon waiting walker walking walter ' +
    'wander warehouse warner warning warren watches watching water waters weaken weakness ' +
    'wealthy weapon wearing weather webcam website wedding wednesday weekend weekly welcome ' +
    'welfare well-being western wheelchair whereas whether whisper whispered whistle wholesale ' +
    'widely widespread widow wildlife william williams willing willingness wilson window ' +
    'windows winner winning winter wireless wisdom withdraw within without witness wizard ' +
    'woman women wonder wooden worker workforce working workout workplace workshop worldwide ' +
    'worried worry worship writer writing written xbox yahoo yellow yoga younger youngster ' +
    'yourself zealand zero',
  3:
    '11 70 100 abandon abortion absolute acceptance accepted accident accomplish accordance ' +
    'according accounting accurate accurately achievement acknowledge acrobat activist actual ' +
    'adapter addition additions addresses adequate adjective adjustment admission adobe ' +
    'adopted adoption advantage adventure advertise adviser advisor advocate aesthetic ' +
    'affected africa african afternoon afterward agencies agency agenda aggression aggressive ' +
    'agreement alaska albany alberta alcohol algorithm alliance allowing alongside alphabet ' +
    'already alternate alumni amateur amazing amazon ambition ambitious amendment amendments ' +
    'amsterdam analog analyst analyze ancestor anderson angeles animal animals anime ' +
    'announcement annual annually another antenna anthony anymore anyone anything anytime ' +
    'anyway anywhere apache apartment apparel apparent apparently appearance appendix ' +
    'applicant applying appointed appointment approval architect area arena argument arkansas ' +
    'arrangement arrival article articles artifact artistic assemble assembly assessment ' +
    'assignment assistance assistant assumption assurance athletic athletics atlanta atlantic ' +
    'atmosphere atomic attachment attachments attendance attention attitude attorney attorneys ' +
    'attraction attractive attribute audience audio australia australian austria authorize ' +
    'authorized avatar avenue average awareness bachelor baltimore banana bankruptcy barbara ' +
    'barrier basketball batteries battery beautiful becoming beginning behavior behavioral ' +
    'behaviour benefit bicycle bikini binary birmingham boundary buffalo bulletin businesses ' +
    'businessman butterfly cabinet calculate calendar camcorder camera cameras canada ' +
    'candidate capable capital carrier carrying cartridges casino casinos casual catalog ' +
    'catalogue catholic celebrate cellular century certainly certified champion character ' +
    'characters charity chemical chemistry chicago chocolate christopher cigarette cinema ' +
    'circumstance citizen civilian classical classified classify clinical cognitive collected ' +
    'collection collective collector colleges colony colorful columbus columnist comedy ' +
    'commander commercial commission commitment committed committee commonly commonwealth ' +
    'companies companion company compelling completed completion compliance component ' +
    'compromise computer computing concentrate conception concerning conclusion condition ' +
    'conference confession confidence confident configure confusion connected connection ' +
    'consciousness consensus consequence consider considered consistent consistently consonant ' +
    'constitute construction consultant consulting consumer consumption container contemplate ' +
    'continent continue continued continuing contractor contribute controller convenience ' +
    'convenient convention conversion converted converter conviction copyright corporate ' +
    'correction corridor corruption counseling counselor counterpart coverage covering created ' +
    'creating creation creative creator criminal critical criticism criticize cultural curious ' +
    'currency currently custody customer customize customized dakota dangerous database ' +
    'december decided decision decorate dedicate defendant defensive deficit delaware deleted ' +
    'delicate deliver democrat demonstrate denial density department departure dependent ' +
    'deposit depression deputy description designer desperate desperately destruction ' +
    'detection detective determine determined develop developed devices diagnose diagram ' +
    'dialogue diary diego difference different differently difficult digital dignity dilemma ' +
    'dimension diminish diplomat directed direction directly director disabled disagree ' +
    'disappear disaster discipline disclaimer disclosure discourage discover discovered ' +
    'discussion discussions disorder disposal distinction distinctive distinguish distribute ' +
    'disturbing divided division document domestic dominant dominate donation dramatic ' +
    'dramatically duration dvds dynamic dynamics easier easily ebony edinburgh edited edition ' +
    'editor educate effective effectively effectiveness efficient elderly elected election ' +
    'electric elegant element elephant eleven embarrassed embedded emerging emission emotion ' +
    'emphasis emphasize employee employees employer employers employment enable enabled ' +
    'encounter encourage encouraged encouraging enemy energy enforcement engagement engineer ' +
    'enormous enrollment enterprise entirely entities entitle entitled entity envelope ' +
    'envision episode equally equation equator equipment equity ericsson erotic essential ' +
    'essentially establish established estimate estimated ethernet ethical everyday everyone ' +
    'everything everywhere evidence evident exactly examine example excellence excellent ' +
    'exception excessive excited excitement exciting exclusive exclusively execute exercise ' +
    'exhibit existence exotic expanded expansion expensive expertise explicit explorer ' +
    'explosion exposure expression extended extension extensive external extremely factory ' +
    'faculty familiar families family fantastic fantasy faqs favorite favourite featuring ' +
    'federal feminist festival finally financial financing fisherman flexibility flexible ' +
    'florida following foreigner forever forgotten formation formerly formula fortunately ' +
    'foundation francisco frequency frequently frustration functional funeral furniture ' +
    'furthermore galaxy galleries gallery gardening gasoline gathering general generate ' +
    'generic generous genetic genetics gentleman genuine germany glossary governance ' +
    'government governments governor gradually graduate grandfather grandmother grandparent ' +
    'gravity grocery guarantee guaranteed guardian habitat halloween hamilton happening ' +
    'happily happiness harassment hardcover harmony hawaii hazardous headquarters heavily ' +
    'heritage hesitate hispanic historic history holiday hollywood honestly hopefully horizon ' +
    'horrible hospital however hungary hurricane idaho idea ideal ideas illegal illinois ' +
    'illusion illustrate imagine imaging immigrant implement importance important importantly ' +
    'impression impressive improvement improving incentive incident included increases ' +
    'increasing increasingly india indian indicate industries industry infection inflation ' +
    'influence informal inherent inherit initial initially injuries injury innocent inquiry ' +
    'insider inspection inspector installing instantly institute instruction instructional ' +
    'instructor instrument insurance integer integrate intended intention interact interest ' +
    'interface interfere internal internet interpret interrupt interval interview intimate ' +
    'introduce introduced invasion invention investment invited involving iowa iraqi irony ' +
    'isolate israel israeli italian italy jacksonville jamaica japanese jefferson jennifer ' +
    'jessica jewelry jonathan journalism journalist judicial justify katrina kennedy kentucky ' +
    'korea korean lawmaker leadership lebanon legacy lesbian liable liberal liberty libraries ' +
    'library licensing likelihood limited linear lingerie located location logical lottery ' +
    'loyalty luxury madison magazine magnetic magnitude maintenance malaysia management ' +
    'manager managers manchester manhattan manual margaret maria marketing marketplace ' +
    'maryland maximum meaningful measurement measuring mechanic mechanism media median medical ' +
    'medicare medicine medium membership memories memory mentally merchandise mercury ' +
    'messaging messenger metaphor mexican mexico miami michigan microsoft migration milwaukee ' +
    'mineral minerals minimal minimize minimum minister ministry miracle missouri modeling ' +
    'moderate modified modify molecule momentum monitor montana montreal monument moreover ' +
    'motivate multiple museum musical musician mutual mystery narrative national nationwide ' +
    'natural navigate nebraska negative neighborhood neighboring netherlands networking nevada ' +
    'newsletter newspaper nintendo nobody nominee nonetheless nonprofit normally notices ' +
    'notify november nuclear numeral numerous nutrient nutrition objection objective observer ' +
    'obstacle obvious obviously occasion occupy october offensive offering officer officers ' +
    'offices official officially ohio olympic olympics ongoing opening opera operate opinion ' +
    'opponent opposite optical optional oracle orchestra ordering oregon organic organism ' +
    'organize organized origin orlando otherwise ottawa outsider outsourcing outstanding ' +
    'overall overcome overlook overnight overseas oversee overview overwhelm ownership oxygen ' +
    'pacific packaging pakistan paperback paradise paragraph parallel parental parenting ' +
    'parliament particle particles partnership passenger penalty percentage perception ' +
    'perfectly performance period permanent permission permitted personal personnel ' +
    'perspective pervasive petition pharmacy philippines photograph photographs physical ' +
    'physician piano pioneer platinum poetry policeman policies policy politics pollution ' +
    'popular portable portugal portuguese position positive possession possible possibly ' +
    'potato potatoes potential pottery poverty powerful practical precision predator ' +
    'prediction preference pregnancy premium preparing prescription president prevention ' +
    'previous previously primary primitive principal principle printable prisoner privacy ' +
    'privilege probably procedure processes processor producer producers producing production ' +
    'productive profession professor programming progression progressive prohibit projection ' +
    'prominent promising promoting promotion properties property proportion proposal ' +
    'protection protective protocol provided provider providing provision publicly publisher ' +
    'publishing punishment purchasing pursuant qualified qualify quality quantity quarterback ' +
    'quarterly questionnaire radical radio rational reaction readily realize realized really ' +
    'receiver receiving reception recession recipe recognize recognized recommend recorded ' +
    'recorder recording recover recruitment recycling reducing reduction reference refinance ' +
    'reflection refugee regarding regardless regional register registered registry regular ' +
    'regulate regulatory reinforce related relating relation relative relevant religion ' +
    'religious reluctant remember reminder removal repeatedly replacement reporter represent ' +
    'republic requirement requirements requiring resemble residence resident resistance ' +
    'resistant resources respective respondent restaurant restricted restriction restrictions ' +
    'retirement revenue reviewer revision rhetoric ritual robinson romantic sacrifice safari ' +
    'salary samuel satellite satellites satisfied satisfy saturday scholarship sciences ' +
    'scientist scientists seattle secular selection semester seminar senator sensation ' +
    'sensitive sentiment separate september serial serious services settlement several sexual ' +
    'sexually shareholder sierra signature similar similarly singapore slavery sodium solution ' +
    'somebody soviet specialist specialize specialty specific specified specify speculate ' +
    'stadium statistics stereo stimulate stimulus strategic strategies strategy structural ' +
    'studio studios submission submitted subscriber subscription subsection subsequent subsidy ' +
    'substantial substantially suburban successful successfully suffering sufficient suggested ' +
    'suggestion suggestions suicide suitable summary supplement supporter supportive surgery ' +
    'surprising surprisingly surrounding surveillance survival survivor suspension suspicion ' +
    'suspicious switzerland syllable symbolic sympathy tablespoon talented targeted taxpayer ' +
    'technical technician teenager telecom telephone telescope tendency tennessee terminal ' +
    'terrible terribly terrific terrorism terrorist testify thanksgiving theater theatre ' +
    'theory therapist therapy thoroughly tiffany tobacco together tokyo tolerance tolerate ' +
    'tomato tomorrow toronto totally tournament tradition tragedy transaction transition ' +
    'translation transmission traveler tremendous triangle tropical twentieth typical ' +
    'typically ultimate ultimately unable uncertain uncover undergo underground underline ' +
    'undermine understand understood undertake unhappy uniform united unity universe unlikely ' +
    'upcoming updated username usual usually utilize vacation vacuum valentine vancouver ' +
    'various vehicle vehicles verify vertical veteran viagra victory video vietnam violate ' +
    'violence violent virginia virtual visible visiting visitor visual vitamin volunteer ' +
    'wallpaper wallpapers warranty warrior washington webmaster whatever whenever wherever ' +
    'whoever wilderness wisconsin withdrawal wonderful wyoming yesterday',
  4:
    'ability absolutely academic academy accelerate acceptable accessible accessories ' +
    'accessory accommodate accompany accomplishment accuracy accusation acquisition activities ' +
    'activity actually additional adjustable administer adolescent advantages advertisement ' +
    'advertising advisory affiliate affordable afghanistan agricultural agriculture alabama ' +
    'alexander allegation allegedly allocated allocation alternative altogether aluminum ' +
    'ambassador america american americans analysis animated animation annotation anonymous ' +
    'anticipate antonio anxiety anybody apologize apology appliances applicable application ' +
    'appreciate appropriate approximately architecture argentina arizona articulate artificial ' +
    'associate associated astronomer authorities authority automated automatic automation ' +
    'automobile automotive autonomy availability available aviation bacteria basically ' +
    'biography biology bulgaria calculated calculation calculator california canadian capacity ' +
    'carbohydrate caribbean carolina casualty categories category celebration celebrity ' +
    'cemetery ceremony certificate championship characterize cholesterol cincinnati ' +
    'circumstances citizenship coalition colombia colonial colorado columbia combination ' +
    'comfortable commentary commissioner commodity communicate communities community ' +
    'comparable comparison compatible compensation competition competitive competitor ' +
    'compilation complexity complicated composition comprehensive concentration conditioning ' +
    'confirmation confrontation congressional connecticut consecutive consequences ' +
    'consequently conservation conservative considering conspiracy constitution consultation ' +
    'continental continuous contributed contribution contributor controversial controversy ' +
    'conventional conversation cooperate coordinate corporation correlation correspondent ' +
    'corresponding criteria curriculum declaration dedicated definitely definition ' +
    'deliberately delivery democracy democratic demographic demonstrated demonstration ' +
    'designated destination determining devastating developer developing development ' +
    'developmental diabetes diagnosis diameter dictionary differences difficulty diplomatic ' +
    'directories directory disappointed disappointment discovery distributed distribution ' +
    'diversity ecological economic economics economist economy ecosystem education educator ' +
    'efficiency elaborate electrical electronic electronics elevator eligible eliminate ' +
    'elizabeth emergency emotional emotionally engineering entertainment enthusiasm ' +
    'entrepreneur environment environmental epidemic equality equivalent especially ' +
    'establishment european evaluate everybody evolution execution executive exhibition ' +
    'expectation expectations expedition experience experienced experiment explanation ' +
    'exploration facilitate facilities facility fascinating favorable february federation ' +
    'fundamental generally generated generation generator geographic geography graduation ' +
    'helicopter historian historical historically html http humanity hypothesis identical ' +
    'identified identify identity ieee illustrated immediate immigration implication ' +
    'impossible incorporate incredible incredibly independence independent indiana indicated ' +
    'indication indicator indigenous indonesia industrial influential information ' +
    'infrastructure ingredient initiate innovation innovative inspiration installation ' +
    'institution integrated integration integrity intelligence intelligent intensity ' +
    'interaction interactions interactive interested interesting interior interracial ' +
    'intervention introduction inventory investigate investigator invisible invitation ' +
    'ironically isolated isolation january jewellery jurisdiction legislation legislative ' +
    'legislator legislature legitimate limitation literacy literally literary literature ' +
    'machinery magnanimous majority manipulate manufacturing massachusetts material materials ' +
    'mathematics mechanical medication memorial metabolism military minnesota minority misc ' +
    'missionary mississippi moderator molecular mortality motivation motorcycle municipal ' +
    'mysql mysterious naturally navigation ncaa necessary necessity negotiate nevertheless ' +
    'nomination obligation observation occasional occupation oklahoma ontario operated ' +
    'operating operation operator opposition optimistic ordinary original overwhelming ' +
    'parameter participant participate particular pennsylvania personalized personally ' +
    'phenomenon philosophy photographer photography physically political politically ' +
    'politician polyphonic population portfolio potentially practically practitioner ' +
    'preferences preparation presentation presidency presidential presumably primarily ' +
    'priorities priority professional promotional prosecution prosecutor psychologist ' +
    'psychology publication publicity radiation realistic reality reasonable recipient ' +
    'recognition reconcile reconciled recovery recreation registration regularly regulation ' +
    'regulator relationship relatively reliable remarkable reportedly reproduction republican ' +
    'reputation reservation residential resolution respectively responsible restoration ' +
    'revelation revolution ridiculous romania sacramento satisfaction scenario scientific ' +
    'secondary secretary securities security separation seriously significance significant ' +
    'significantly simulation situation society sovereignty spectacular speculation spiritual ' +
    'stability statistical stereotype superior supermarket supervisor sustainable technology ' +
    'television temperature temporary territory testimony theology traditional traditionally ' +
    'transformation transportation tutorial uncertainty underlying understanding unemployment ' +
    'unexpected unfortunately universal unlimited unusual utilities utility validity valuable ' +
    'variable variation variety vegetable victoria violation virtually voip voluntary ' +
    'vulnerable',
  5:
    'accommodation administration administrative administrator alphabetical anniversary ' +
    'appreciation association authentication bestiality bibliography biological capabilities ' +
    'capability certification characteristic characteristics christianity civilization ' +
    'classification collaboration communication configuration considerable considerably ' +
    'consideration consolidation constitutional contemporary cooperation cooperative ' +
    'coordinator creativity credibility curiosity determination disabilities disability ' +
    'discrimination documentary documentation editorial educational electricity elementary ' +
    'evaluation eventually examination experiences experimental extraordinary functionality ' +
    'identifying ideology imagination immediately implementation incorporated individual ' +
    'individuals inevitable inevitably initiative institutional intellectual intermediate ' +
    'international interpretation investigation laboratory liability louisiana magnanimity ' +
    'manufacturer methodology metropolitan minneapolis miscellaneous modification multimedia ' +
    'necessarily negotiation notification occasionally occupational operational opportunities ' +
    'opportunity optimization organisation organization organizational orientation originally ' +
    'palestinian participating participation particularly personality pharmaceutical ' +
    'philadelphia philosophical popularity possibility preliminary probability productivity ' +
    'psychological recommendation refrigerator rehabilitation representation representative ' +
    'sensitivity sexuality similarity simultaneously sophisticated specifically specification ' +
    'technological theological theoretical uncomfortable undergraduate universities university ' +
    'unprecedented verification',
  6:
    'accessibility accountability automatically compatibility economically eligibility ' +
    'encyclopedia identification ideological memorabilia reconciliation reliability ' +
    'responsibilities responsibility revolutionary',
  7: 'telecommunications',
};
